-- Billing (docs/decisions/094): the owner's one change to their own subscription row (an ended
-- trial to Free, 0008_staff_rls.sql) must not carry billing columns with it; a policy's WITH
-- CHECK cannot compare the old row with the new, so a trigger refuses it. Only administrators
-- (and the installation acting as one: webhooks, redemptions, grants) change these columns.
CREATE OR REPLACE FUNCTION app.guard_subscription_billing() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Migrations and maintenance (the database owner) are not the runtime role.
  IF current_user <> 'app_runtime' OR (SELECT app.is_admin()) THEN
    RETURN NEW;
  END IF;
  IF NEW.billing_provider IS DISTINCT FROM OLD.billing_provider
    OR NEW.stripe_customer_id IS DISTINCT FROM OLD.stripe_customer_id
    OR NEW.stripe_subscription_id IS DISTINCT FROM OLD.stripe_subscription_id
    OR NEW.provider_status IS DISTINCT FROM OLD.provider_status
    OR NEW.billing_interval IS DISTINCT FROM OLD.billing_interval
    OR NEW.current_period_end IS DISTINCT FROM OLD.current_period_end
    OR NEW.cancel_at_period_end IS DISTINCT FROM OLD.cancel_at_period_end
    OR NEW.past_due_since IS DISTINCT FROM OLD.past_due_since
    OR NEW.grace_ends_at IS DISTINCT FROM OLD.grace_ends_at
    OR NEW.discount IS DISTINCT FROM OLD.discount
    OR NEW.payment_method IS DISTINCT FROM OLD.payment_method
    OR NEW.billing_problem IS DISTINCT FROM OLD.billing_problem
    OR NEW.billing_synced_at IS DISTINCT FROM OLD.billing_synced_at
    OR NEW.trial_ends_at IS DISTINCT FROM OLD.trial_ends_at
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
  THEN
    RAISE EXCEPTION 'permission denied: only administrators change the billing columns of a subscription'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscription_billing_guard ON public.subscription;
--> statement-breakpoint
CREATE TRIGGER subscription_billing_guard BEFORE UPDATE ON public.subscription
  FOR EACH ROW EXECUTE FUNCTION app.guard_subscription_billing();
