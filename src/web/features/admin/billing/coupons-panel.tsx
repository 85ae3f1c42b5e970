import { toast } from 'sonner';
import type { BillingMode } from '#shared/contracts/billing.contract.ts';
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
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { adminBillingApi, useAdminCoupons, useBillingMutation } from './admin-billing-api.ts';
import { describeCoupon, formatDate } from './billing-format.ts';
import { CouponForm } from './coupon-form.tsx';

export function CouponsPanel({ mode }: { mode: BillingMode | undefined }) {
  const coupons = useAdminCoupons();
  const deactivate = useBillingMutation((id: string) => adminBillingApi.deactivateCoupon(id));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Coupons</CardTitle>
        <CardDescription>
          {mode === 'manual'
            ? 'Codes owners redeem on their subscription page.'
            : 'Stripe coupons with a promotion code, redeemable at checkout and on the subscription page.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CouponForm />
        {coupons.isPending ? (
          <Skeleton className="h-24" />
        ) : coupons.isError ? (
          <Alert variant="destructive">{userMessageOf(coupons.error)}</Alert>
        ) : coupons.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No coupons yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Coupons">
            {coupons.data.map((coupon) => (
              <li
                key={coupon.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
              >
                <div className="grid gap-0.5">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-semibold">{coupon.code}</span>
                    <Badge variant={coupon.active ? 'success' : 'secondary'}>
                      {coupon.active ? 'Active' : 'Inactive'}
                    </Badge>
                  </p>
                  <p className="text-sm text-muted-foreground">{describeCoupon(coupon)}</p>
                  <p className="text-xs text-muted-foreground">
                    Used {coupon.timesRedeemed}
                    {coupon.maxRedemptions !== null ? ` of ${coupon.maxRedemptions}` : ''} ·{' '}
                    {coupon.expiresAt ? `expires ${formatDate(coupon.expiresAt)}` : 'no expiry'}
                  </p>
                </div>
                {coupon.active ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={deactivate.isPending}
                    aria-label={`Deactivate ${coupon.code}`}
                    onClick={() =>
                      deactivate.mutate(coupon.id, {
                        onSuccess: () => toast.success(`${coupon.code} deactivated.`),
                        onError: (error) => toast.error(userMessageOf(error)),
                      })
                    }
                  >
                    Deactivate
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
