import { Link } from 'react-router';
import { Check, Plug } from 'lucide-react';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import type { TargetFormat } from '#shared/platform-limits.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { cn } from '../../../../lib/cn.ts';
import {
  HEALTH_VARIANTS,
  healthLabel,
  PLATFORM_LABELS,
  PlatformIcon,
} from '../../../platforms/index.ts';
import {
  facebookKind,
  formatOptions,
  quotaText,
  type ComposerTarget,
} from '../../lib/composer-model.ts';
import { accountLabel } from '#shared/account-label.ts';

interface AccountPickerProps {
  connections: Connection[];
  targets: ComposerTarget[];
  quotas: AccountQuota[];
  quotaLoading: boolean;
  mediaKinds: Array<'image' | 'video'>;
  /** Problems per account, to mark the account that has them. */
  problemCounts: ReadonlyMap<string, number>;
  disabled: boolean;
  onToggle(connection: Connection, chosen: boolean): void;
  onFormat(connectionId: string, format: TargetFormat): void;
}

/** The accounts a post can go to: each with its health, and once chosen its format and quota. */
export function AccountPicker(props: AccountPickerProps) {
  const { connections, targets } = props;
  const usable = connections.filter(
    (c) => c.status === 'connected' || targets.some((t) => t.connectionId === c.id),
  );
  if (usable.length === 0) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-border p-4 text-sm">
        <Plug aria-hidden className="size-5 text-muted-foreground" />
        <p className="min-w-0 flex-1 text-muted-foreground">
          No accounts connected yet. Connect a Facebook Page or an Instagram account to publish; you
          can save a draft meanwhile.
        </p>
        <Link to="/dashboard/platforms" className="font-medium text-link hover:underline">
          Connect an account
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-2" aria-label="Accounts">
      {usable.map((c) => (
        <AccountRow
          key={c.id}
          connection={c}
          target={targets.find((t) => t.connectionId === c.id) ?? null}
          {...props}
        />
      ))}
    </ul>
  );
}

function AccountRow({
  connection,
  target,
  quotas,
  quotaLoading,
  mediaKinds,
  problemCounts,
  disabled,
  onToggle,
  onFormat,
}: AccountPickerProps & { connection: Connection; target: ComposerTarget | null }) {
  const chosen = target !== null;
  const label = accountLabel(connection);
  const checkboxId = `composer-account-${connection.id}`;
  const quota = quotas.find((q) => q.connection_id === connection.id);
  const quotaLine = quotaText(connection.platform, quota);
  const problems = problemCounts.get(connection.id) ?? 0;
  const disconnected = connection.status !== 'connected';
  return (
    <li
      className={cn(
        'rounded-lg border bg-card transition-colors',
        chosen ? 'border-primary/60 shadow-xs ring-1 ring-primary/20' : 'border-border',
      )}
    >
      <div className="flex items-center gap-3 p-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="size-4 shrink-0 accent-primary"
          checked={chosen}
          disabled={disabled || (disconnected && !chosen)}
          onChange={(e) => onToggle(connection, e.target.checked)}
          aria-describedby={`${checkboxId}-meta`}
        />
        <label
          htmlFor={checkboxId}
          className="flex min-w-0 flex-1 cursor-pointer items-center gap-3"
        >
          <span aria-hidden className="relative shrink-0">
            {connection.picture_url ? (
              <img
                src={connection.picture_url}
                alt=""
                className="size-9 rounded-full border border-border object-cover"
              />
            ) : (
              <span className="flex size-9 items-center justify-center rounded-full bg-muted text-sm font-semibold text-muted-foreground">
                {connection.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <PlatformIcon
              platform={connection.platform}
              className="absolute -right-1 -bottom-1 size-4 rounded-full ring-2 ring-card"
            />
          </span>
          <span className="grid min-w-0 leading-tight">
            <span className="truncate text-sm font-medium text-foreground">{label}</span>
            <span id={`${checkboxId}-meta`} className="truncate text-xs text-muted-foreground">
              {PLATFORM_LABELS[connection.platform]}
              {connection.platform === 'instagram' && connection.name !== label
                ? ` · ${connection.name}`
                : ''}
            </span>
          </span>
        </label>
        <div className="flex shrink-0 items-center gap-1.5">
          {problems > 0 && chosen ? (
            <Badge variant="destructive">
              {problems} {problems === 1 ? 'problem' : 'problems'}
            </Badge>
          ) : chosen ? (
            <Badge variant="success" className="hidden sm:inline-flex">
              <Check aria-hidden className="size-3" /> Ready
            </Badge>
          ) : null}
          <Badge
            variant={disconnected ? 'outline' : HEALTH_VARIANTS[connection.health]}
            aria-label={`Status: ${healthLabel(connection)}`}
          >
            {healthLabel(connection)}
          </Badge>
        </div>
      </div>
      {chosen ? (
        <div className="grid gap-2.5 border-t border-border px-3 py-2.5">
          <FormatChooser
            connection={connection}
            format={target.format}
            mediaKinds={mediaKinds}
            disabled={disabled}
            onFormat={(f) => onFormat(connection.id, f)}
          />
          <p
            className="text-xs text-muted-foreground"
            data-testid={`quota-${connection.id}`}
            aria-live="polite"
          >
            {quotaLine ?? (quotaLoading ? 'Checking the publishing limit…' : null)}
          </p>
        </div>
      ) : null}
    </li>
  );
}

function FormatChooser({
  connection,
  format,
  mediaKinds,
  disabled,
  onFormat,
}: {
  connection: Connection;
  format: TargetFormat;
  mediaKinds: Array<'image' | 'video'>;
  disabled: boolean;
  onFormat(format: TargetFormat): void;
}) {
  const options = formatOptions(connection.platform);
  const name = `format-${connection.id}`;
  if (connection.platform === 'facebook') {
    return (
      <p className="text-xs text-muted-foreground">
        <span className="font-medium text-foreground">Format:</span>{' '}
        {facebookKind(mediaKinds.map((kind) => ({ kind })))}, decided by the media attached.
      </p>
    );
  }
  const unavailable = options.filter((o) => o.unavailable);
  return (
    <fieldset className="grid gap-1.5">
      <legend className="sr-only">Format for {accountLabel(connection)}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((o) => (
          <label
            key={o.value}
            title={o.unavailable ?? o.description}
            className={cn(
              'flex items-center gap-1.5 rounded-md border px-2.5 py-1 text-xs font-medium',
              o.unavailable
                ? 'cursor-not-allowed border-dashed border-border text-muted-foreground/70'
                : 'cursor-pointer',
              !o.unavailable && format === o.value
                ? 'border-primary bg-secondary text-secondary-foreground'
                : !o.unavailable
                  ? 'border-input hover:bg-muted'
                  : '',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              className="accent-primary"
              checked={format === o.value}
              disabled={disabled || o.unavailable !== null}
              onChange={() => onFormat(o.value)}
              aria-describedby={o.unavailable ? `${name}-unavailable` : undefined}
            />
            {o.label}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {options.find((o) => o.value === format)?.description}
      </p>
      {unavailable.map((o) => (
        <p key={o.value} id={`${name}-unavailable`} className="text-xs text-muted-foreground">
          {o.unavailable}
        </p>
      ))}
    </fieldset>
  );
}
