import { CheckCircle2, TriangleAlert } from 'lucide-react';
import type { Compatibility, MediaDetails } from '#shared/contracts/media.contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const TARGET_LABELS: Record<Compatibility['target'], string> = {
  instagram_feed: 'Instagram feed',
  instagram_reel: 'Instagram reel',
  instagram_story: 'Instagram story',
  facebook: 'Facebook',
};

/** Where the file can be published (each target's checks) and where it is used already. */
export function MediaUses({ item }: { item: MediaDetails }) {
  return (
    <>
      <section aria-labelledby="media-fit" className="grid gap-2">
        <h3 id="media-fit" className="text-sm font-semibold">
          Where it can be published
        </h3>
        <ul className="grid gap-2">
          {item.compatibility.map((c) => (
            <li key={c.target} className="flex gap-2 text-sm" data-testid={`fit-${c.target}`}>
              {c.ok ? (
                <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
              ) : (
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              )}
              <div>
                <span className="font-medium">{TARGET_LABELS[c.target]}</span>
                <span className="sr-only">{c.ok ? ': accepted' : ': not accepted'}</span>
                {[...c.reasons, ...c.notes].map((text) => (
                  <p
                    key={text}
                    className={
                      c.reasons.includes(text) ? 'text-foreground' : 'text-muted-foreground'
                    }
                  >
                    {text}
                  </p>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="media-used" className="grid gap-2">
        <h3 id="media-used" className="text-sm font-semibold">
          Where it is used
        </h3>
        {item.usages.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not used in any post or campaign.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {item.usages.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center gap-2">
                {u.calendar_event_id ? (
                  <>
                    <span className="font-medium">{u.title ?? 'Post'}</span>
                    {u.status ? (
                      <Badge variant={u.blocks_delete ? 'warning' : 'outline'}>{u.status}</Badge>
                    ) : null}
                    {u.scheduled_for ? (
                      <span className="text-muted-foreground">
                        {new Date(u.scheduled_for).toLocaleString()}
                      </span>
                    ) : null}
                  </>
                ) : (
                  <span className="font-medium">Campaign {u.campaign_id?.slice(0, 8)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
