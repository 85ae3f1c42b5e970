import type { Provenance } from '#shared/contracts/analytics.contract.ts';
import { formatAt, sourceLabel } from '../lib/format.ts';

/** Where a figure came from: the platform's metrics, the period, when fetched, and why. */
export function ProvenanceDetails({
  provenance,
  period,
  timeZone,
  extra,
}: {
  provenance: Provenance;
  /** "1 Mar – 28 Mar 2026 (28 days)". */
  period?: string;
  timeZone: string;
  /** Further lines: the engagement rate's definition, the revision note. */
  extra?: (string | null | undefined)[];
}) {
  const lines = (extra ?? []).filter((line): line is string => Boolean(line));
  return (
    <dl className="grid gap-1.5">
      <div>
        <dt className="font-medium text-foreground">From</dt>
        <dd className="text-muted-foreground">
          {provenance.sources.length > 0
            ? provenance.sources.map(sourceLabel).join(', ')
            : 'No platform metric stored yet'}
        </dd>
      </div>
      {period ? (
        <div>
          <dt className="font-medium text-foreground">Period</dt>
          <dd className="text-muted-foreground">{period}</dd>
        </div>
      ) : null}
      <div>
        <dt className="font-medium text-foreground">Fetched</dt>
        <dd className="text-muted-foreground">
          {provenance.fetchedAt ? formatAt(provenance.fetchedAt, timeZone) : 'Nothing fetched yet'}
        </dd>
      </div>
      {provenance.estimate ? (
        <div>
          <dt className="font-medium text-foreground">Estimate</dt>
          <dd className="text-muted-foreground">{provenance.estimate}</dd>
        </div>
      ) : null}
      {provenance.note ? (
        <div>
          <dt className="font-medium text-foreground">Note</dt>
          <dd className="text-muted-foreground">{provenance.note}</dd>
        </div>
      ) : null}
      {lines.map((line) => (
        <dd key={line} className="text-muted-foreground">
          {line}
        </dd>
      ))}
    </dl>
  );
}
