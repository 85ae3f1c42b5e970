import { useState } from 'react';
import { toast } from 'sonner';
import { Mail, Users } from 'lucide-react';
import type {
  AddonChangeInput,
  AddonPreview,
  BillingOverview,
} from '#shared/contracts/billing.contract.ts';
import { ADDON_IDS, ADDONS, type AddonId } from '#shared/plans.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useAddonPreview, useChangeAddon } from '../api/use-billing.ts';
import { addonPrice, formatDate, formatMoney, INTERVAL_NOUN, perInterval } from '../lib/format.ts';
import { hasLiveSubscription } from '../lib/overview.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

// The CRM and Email add-ons (docs/decisions/094): items of the subscription, billed on the plan's
// interval and prorated. The server says what a change costs now before the owner confirms it.

const ICONS: Record<AddonId, typeof Users> = { crm: Users, email: Mail };

export function AddonsSection({ overview }: { overview: BillingOverview }) {
  const preview = useAddonPreview();
  const change = useChangeAddon();
  const [pending, setPending] = useState<AddonChangeInput | null>(null);
  const [quote, setQuote] = useState<AddonPreview | null>(null);
  const [previewError, setPreviewError] = useState<{ addon: AddonId; text: string } | null>(null);
  const live = hasLiveSubscription(overview);
  const canChange = overview.canManage && live && overview.mode !== 'manual';
  const interval = overview.interval ?? 'month';

  const ask = (input: AddonChangeInput) => {
    setPreviewError(null);
    setPending(input);
    change.reset();
    preview.mutate(input, {
      onSuccess: (answer) => setQuote(answer),
      onError: (error) => {
        setPending(null);
        setPreviewError({ addon: input.addon, text: userMessageOf(error) });
      },
    });
  };
  const close = () => {
    setQuote(null);
    setPending(null);
  };
  const confirm = () => {
    if (!pending) return;
    const name = ADDONS[pending.addon].name;
    change.mutate(pending, {
      onSuccess: () => {
        toast.success(pending.action === 'add' ? `${name} is added.` : `${name} is removed.`);
        close();
      },
    });
  };

  return (
    <section className="grid gap-3" aria-labelledby="addons-heading">
      <h2 id="addons-heading" className="text-lg font-semibold">
        Add-ons
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {ADDON_IDS.map((addon) => {
          const Icon = ICONS[addon];
          const active = overview.addons.includes(addon);
          const granted = overview.grants.some((g) => g.kind === 'addon' && g.value === addon);
          const price = addonPrice(overview.prices, addon, interval);
          const busy = pending?.addon === addon && (preview.isPending || change.isPending);
          const name = ADDONS[addon].name;
          return (
            <Card key={addon} data-testid={`addon-${addon}`}>
              <CardHeader className="flex-row items-start gap-3">
                <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                  <Icon aria-hidden className="size-5" />
                </div>
                <div className="grid min-w-0 flex-1 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <CardTitle>{name}</CardTitle>
                    {active ? (
                      <Badge variant="success">{granted ? 'Granted' : 'Active'}</Badge>
                    ) : (
                      <Badge variant="outline">Not added</Badge>
                    )}
                  </div>
                  <CardDescription>{ADDONS[addon].description}</CardDescription>
                </div>
              </CardHeader>
              <CardContent className="grid gap-3">
                {price ? <p className="text-sm font-medium">{perInterval(price)}</p> : null}
                {previewError?.addon === addon ? (
                  <Alert variant="destructive">{previewError.text}</Alert>
                ) : null}
                {canChange && !granted ? (
                  <div>
                    <Button
                      variant={active ? 'outline' : 'default'}
                      loading={busy}
                      disabled={preview.isPending || change.isPending}
                      onClick={() => ask({ addon, action: active ? 'remove' : 'add' })}
                    >
                      {active ? `Remove ${name}` : `Add ${name}`}
                    </Button>
                  </div>
                ) : !live && overview.canManage && overview.mode !== 'manual' && !active ? (
                  <p className="text-xs text-muted-foreground">
                    Choose it with Premium, or add it once you have subscribed.
                  </p>
                ) : null}
              </CardContent>
            </Card>
          );
        })}
      </div>
      {quote && pending ? (
        <ConfirmDialog
          open
          title={
            pending.action === 'add'
              ? `Add ${ADDONS[pending.addon].name}?`
              : `Remove ${ADDONS[pending.addon].name}?`
          }
          description={<QuoteText quote={quote} />}
          confirmLabel={
            pending.action === 'add'
              ? `Confirm and add ${ADDONS[pending.addon].name}`
              : 'Confirm removal'
          }
          cancelLabel="Cancel"
          pending={change.isPending}
          error={change.error ? userMessageOf(change.error) : null}
          destructive={pending.action === 'remove'}
          onConfirm={confirm}
          onClose={close}
        >
          {quote.lines.length > 0 ? (
            <ul className="grid gap-1 rounded-lg border border-border p-3 text-sm">
              {quote.lines.map((line, index) => (
                <li key={index} className="flex justify-between gap-4">
                  <span className="text-muted-foreground">{line.description}</span>
                  <span className="tabular-nums">{formatMoney(line.amount, quote.currency)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function QuoteText({ quote }: { quote: AddonPreview }) {
  const now = formatMoney(Math.abs(quote.dueNow), quote.currency);
  const recurring = `${formatMoney(quote.recurring, quote.currency)} / ${INTERVAL_NOUN[quote.interval]}`;
  const from = quote.nextRenewalAt ? ` from ${formatDate(quote.nextRenewalAt)}` : '';
  return (
    <span className="grid gap-1">
      <span data-testid="addon-due-now">
        {quote.dueNow >= 0
          ? `Due now: ${now}, prorated for the rest of this period.`
          : `Credited now: ${now}, for the rest of this period.`}
      </span>
      <span data-testid="addon-recurring">
        {quote.action === 'add'
          ? `Then ${recurring}${from}, with your plan.`
          : `Your plan then renews without it${from}.`}
      </span>
    </span>
  );
}
