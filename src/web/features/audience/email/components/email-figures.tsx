import type { EmailCampaign } from '#shared/contracts/email-marketing.contract.ts';
import { progressPercent } from '../lib/format.ts';

// What sending an e-mail brought: a progress bar while it goes out, then each figure with what it
// means. Clicks only count when click tracking was on.

function Figure({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border border-border bg-background p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold text-foreground tabular-nums">
        {value.toLocaleString()}
      </dd>
      <dd className="text-xs text-muted-foreground">{hint}</dd>
    </div>
  );
}

export function EmailFigures({ campaign }: { campaign: EmailCampaign }) {
  const f = campaign.figures;
  const percent = progressPercent(f);
  return (
    <section
      aria-label="Figures"
      className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-6"
    >
      {campaign.status === 'sending' ? (
        <div className="grid gap-2">
          <div className="flex justify-between text-sm">
            <span className="font-medium text-foreground" id="email-progress-label">
              Sending
            </span>
            <span className="text-muted-foreground tabular-nums">
              {f.recipients - f.queued} of {f.recipients} done
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="email-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2.5 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-500"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        <Figure label="Recipients" value={f.recipients} hint="With an address and consent" />
        <Figure label="Sent" value={f.sent} hint="Accepted by their mail server" />
        <Figure label="Refused" value={f.refused} hint="Address refused; now suppressed" />
        <Figure label="Bounced" value={f.bounced} hint="Came back after sending" />
        <Figure label="Skipped" value={f.skipped} hint="Unsubscribed or left out meanwhile" />
        <Figure label="Unsubscribed" value={f.unsubscribed} hint="Through this e-mail's link" />
        {campaign.clickTracking ? (
          <>
            <Figure label="Clicked" value={f.clicked} hint="People who clicked a link" />
            <Figure label="Clicks" value={f.clicks} hint="All clicks on its links" />
          </>
        ) : null}
      </dl>
      {campaign.clickTracking ? null : (
        <p className="text-xs text-muted-foreground">Clicks were not counted for this e-mail.</p>
      )}
    </section>
  );
}
