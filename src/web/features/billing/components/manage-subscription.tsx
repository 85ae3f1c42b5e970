import { useState } from 'react';
import { toast } from 'sonner';
import { Repeat, Settings2 } from 'lucide-react';
import type { BillingInterval, BillingOverview } from '#shared/contracts/billing.contract.ts';
import { PLANS } from '#shared/plans.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import {
  useCancelSubscription,
  useChangeInterval,
  usePortal,
  useResumeSubscription,
} from '../api/use-billing.ts';
import {
  formatDate,
  perInterval,
  recurringTotal,
  yearlySaving,
  type PlanPrice,
} from '../lib/format.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

// A running subscription (docs/decisions/094): switch between monthly and yearly, manage the card
// and everything else in the provider's portal, cancel at the end of the period or resume.

type Confirming = 'interval' | 'cancel' | null;

/** "You will pay $470.00 / year for Premium and your add-ons." */
function switchText(price: PlanPrice, withAddons: boolean, saving: string | null): string {
  const what = withAddons ? `${PLANS.premium.name} and your add-ons` : PLANS.premium.name;
  const saves = saving && !withAddons ? `, saving ${saving} a year` : '';
  return `You will pay ${perInterval(price)} for ${what}${saves}.`;
}

export function ManageSubscription({ overview }: { overview: BillingOverview }) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const changeInterval = useChangeInterval();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const portal = usePortal();
  const current = overview.interval ?? 'month';
  const other: BillingInterval = current === 'month' ? 'year' : 'month';
  // What the business will pay in all: the plan and its add-ons on the other interval.
  const otherPrice = recurringTotal(overview, other);
  const saving = yearlySaving(overview.prices);
  const busy = changeInterval.isPending || cancel.isPending || resume.isPending || portal.isPending;
  const until = formatDate(overview.renewsAt);
  const error = portal.error ?? resume.error;

  const close = () => {
    setConfirming(null);
    changeInterval.reset();
    cancel.reset();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Manage your subscription</CardTitle>
        <CardDescription>
          Change how often you pay, update your card or download receipts, or cancel.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          {otherPrice && !overview.cancelAtPeriodEnd ? (
            <Button variant="outline" disabled={busy} onClick={() => setConfirming('interval')}>
              <Repeat aria-hidden className="size-4" />
              {other === 'year' ? 'Switch to yearly billing' : 'Switch to monthly billing'}
            </Button>
          ) : null}
          <Button
            variant="outline"
            loading={portal.isPending}
            disabled={busy}
            onClick={() => portal.mutate()}
          >
            <Settings2 aria-hidden className="size-4" />
            Manage payment method and billing
          </Button>
          {overview.cancelAtPeriodEnd ? (
            <Button
              loading={resume.isPending}
              disabled={busy}
              onClick={() =>
                resume.mutate(undefined, {
                  onSuccess: () => toast.success(`${PLANS.premium.name} continues.`),
                })
              }
            >
              Resume subscription
            </Button>
          ) : (
            <Button variant="ghost" disabled={busy} onClick={() => setConfirming('cancel')}>
              Cancel subscription
            </Button>
          )}
        </div>
        {overview.cancelAtPeriodEnd ? (
          <p className="text-sm text-muted-foreground">
            Your subscription ends on {until}. Resume it before then to keep {PLANS.premium.name}.
          </p>
        ) : null}
        {error ? <Alert variant="destructive">{userMessageOf(error)}</Alert> : null}
      </CardContent>
      {otherPrice ? (
        <ConfirmDialog
          open={confirming === 'interval'}
          title={other === 'year' ? 'Switch to yearly billing?' : 'Switch to monthly billing?'}
          description={
            <>
              {switchText(otherPrice, overview.addons.length > 0, other === 'year' ? saving : null)}{' '}
              The change is prorated: what is left of this period counts towards the new one.
            </>
          }
          confirmLabel={other === 'year' ? 'Switch to yearly' : 'Switch to monthly'}
          pending={changeInterval.isPending}
          error={changeInterval.error ? userMessageOf(changeInterval.error) : null}
          onConfirm={() =>
            changeInterval.mutate(other, {
              onSuccess: () => {
                toast.success(`You now pay ${perInterval(otherPrice)}.`);
                close();
              },
            })
          }
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={confirming === 'cancel'}
        title="Cancel at the end of the period?"
        description={`${PLANS.premium.name} stays open until ${until}; nothing more is charged after that. You can resume until then.`}
        confirmLabel="Cancel at period end"
        cancelLabel="Keep my subscription"
        destructive
        pending={cancel.isPending}
        error={cancel.error ? userMessageOf(cancel.error) : null}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              toast.success(`Your subscription ends on ${until}.`);
              close();
            },
          })
        }
        onClose={close}
      />
    </Card>
  );
}
