import { useMutation } from '@tanstack/react-query';
import { Building2, Check } from 'lucide-react';
import { toast } from 'sonner';
import type { ActorContext } from '#shared/contracts/staff.contract.ts';
import { TENANT_ROLE_LABELS } from '#shared/permissions.ts';
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
import { staffApi } from '../api/staff-api.ts';

/** Every cached answer belongs to the business being left: start the dashboard afresh. */
export function reloadDashboard(): void {
  window.location.assign('/dashboard');
}

/** Decision 031: a person who owns a business and works for others chooses where to act. */
export function BusinessSwitcher({ actor }: { actor: ActorContext }) {
  const switchTo = useMutation({
    mutationFn: (tenantId: string) => staffApi.setActiveTenant(tenantId),
    onSuccess: reloadDashboard,
    onError: (error) => toast.error(userMessageOf(error)),
  });
  if (actor.memberships.length < 2) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your businesses</CardTitle>
        <CardDescription>
          You work in more than one business. Choose the one the dashboard shows.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="Your businesses">
          {actor.memberships.map((membership) => {
            const current = membership.tenant_id === actor.tenant_id;
            return (
              <li
                key={membership.tenant_id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3"
              >
                <div className="flex min-w-0 items-center gap-3">
                  <Building2 aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                  <span className="truncate font-medium">{membership.business_name}</span>
                  <Badge variant="outline">{TENANT_ROLE_LABELS[membership.role].label}</Badge>
                </div>
                {current ? (
                  <span className="inline-flex items-center gap-1 text-sm font-medium text-success">
                    <Check aria-hidden className="size-4" /> Current
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={switchTo.isPending}
                    onClick={() => switchTo.mutate(membership.tenant_id)}
                  >
                    Switch to {membership.business_name}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
