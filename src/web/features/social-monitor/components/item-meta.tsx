import type { ReactNode } from 'react';
import { Check, CheckCheck, Clock, Smartphone } from 'lucide-react';
import type { InboxItem, InboxPlatform } from '#shared/contracts/inbox.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { formatWhen, useBusinessTimeZone } from '../lib/format.ts';

const PLATFORM = { instagram: 'Instagram', facebook: 'Facebook' } as const;

/**
 * Under an item: when, and for ours who wrote it ("Replied by Ana") or that it was written in the
 * platform's own app ("Sent from Instagram"), whether it is still on its way, and whether the
 * person has read it.
 */
export function ItemMeta({ item, platform }: { item: InboxItem; platform: InboxPlatform }) {
  const timeZone = useBusinessTimeZone();
  const parts: ReactNode[] = [];
  if (item.direction === 'out') {
    if (item.pending) {
      parts.push(
        <span key="pending" className="inline-flex items-center gap-1">
          <Clock aria-hidden className="size-3" /> Sending…
        </span>,
      );
    } else if (item.origin === 'platform') {
      parts.push(
        <span key="origin" className="inline-flex items-center gap-1">
          <Smartphone aria-hidden className="size-3" /> Sent from {PLATFORM[platform]}
        </span>,
      );
    } else if (item.sentBy) {
      parts.push(
        <span key="by">
          {item.kind === 'comment' ? 'Replied' : 'Sent'} by {item.sentBy.name}
        </span>,
      );
    }
  }
  if (!item.pending) {
    parts.push(
      <time key="at" dateTime={item.sentAt}>
        {formatWhen(item.sentAt, timeZone)}
      </time>,
    );
  }
  if (item.direction === 'out' && item.kind === 'message' && !item.pending) {
    parts.push(
      item.readAt ? (
        <span key="read" className="inline-flex items-center gap-1">
          <CheckCheck aria-hidden className="size-3" /> Seen {formatWhen(item.readAt, timeZone)}
        </span>
      ) : (
        <span key="sent" className="inline-flex items-center gap-1">
          <Check aria-hidden className="size-3" /> Delivered
        </span>
      ),
    );
  }
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground',
        item.direction === 'out' && item.kind === 'message' && 'justify-end',
      )}
    >
      {parts.map((part, index) => (
        <span key={index} className="inline-flex items-center gap-2">
          {index > 0 ? <span aria-hidden>·</span> : null}
          {part}
        </span>
      ))}
    </p>
  );
}
