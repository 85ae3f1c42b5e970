-- A new account may start itself only on an active trial that ends within the trial period and
-- carries no add-ons; anything else is an administrator's (or verified billing's) change.
DROP POLICY IF EXISTS subscription_insert ON public.subscription;
--> statement-breakpoint
CREATE POLICY subscription_insert ON public.subscription FOR INSERT TO app_runtime WITH CHECK (
  (SELECT app.is_admin())
  OR (
    user_id = (SELECT app.current_tenant_id())
    AND plan = 'trial'
    AND status = 'active'
    AND addons = '{}'
    AND trial_ends_at IS NOT NULL
    AND trial_ends_at <= now() + interval '14 days 1 minute'
  )
);
