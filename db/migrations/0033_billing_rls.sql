-- Billing (docs/decisions/094). Webhook events, their failures and manual mode's coupons are the
-- administrators' alone (the webhook and the coupon redemption act as the installation, after the
-- service has checked who asks). A business reads its own invoices and redemptions (owner only,
-- like every billing change) and its grants (every member: the entitlements of any request read
-- them); only administrators write any of it.
GRANT SELECT, INSERT, UPDATE, DELETE ON public.billing_events, public.billing_webhook_failures, public.billing_invoices, public.billing_coupons, public.billing_coupon_redemptions, public.billing_grants TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.billing_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.billing_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY billing_events_select ON public.billing_events FOR SELECT TO app_runtime
  USING ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_events_insert ON public.billing_events FOR INSERT TO app_runtime
  WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_events_update ON public.billing_events FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_events_delete ON public.billing_events FOR DELETE TO app_runtime
  USING ((SELECT app.is_admin()));
--> statement-breakpoint
ALTER TABLE public.billing_webhook_failures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.billing_webhook_failures FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY billing_webhook_failures_select ON public.billing_webhook_failures FOR SELECT TO app_runtime
  USING ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_webhook_failures_insert ON public.billing_webhook_failures FOR INSERT TO app_runtime
  WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_webhook_failures_update ON public.billing_webhook_failures FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_webhook_failures_delete ON public.billing_webhook_failures FOR DELETE TO app_runtime
  USING ((SELECT app.is_admin()));
--> statement-breakpoint
ALTER TABLE public.billing_coupons ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.billing_coupons FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY billing_coupons_select ON public.billing_coupons FOR SELECT TO app_runtime
  USING ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_coupons_insert ON public.billing_coupons FOR INSERT TO app_runtime
  WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_coupons_update ON public.billing_coupons FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_coupons_delete ON public.billing_coupons FOR DELETE TO app_runtime
  USING ((SELECT app.is_admin()));
--> statement-breakpoint
ALTER TABLE public.billing_invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.billing_invoices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY billing_invoices_select ON public.billing_invoices FOR SELECT TO app_runtime
  USING (
    (SELECT app.is_admin())
    OR (
      user_id = (SELECT app.current_tenant_id())
      AND (SELECT app.current_tenant_role()) = 'owner'
    )
  );
--> statement-breakpoint
CREATE POLICY billing_invoices_insert ON public.billing_invoices FOR INSERT TO app_runtime
  WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_invoices_update ON public.billing_invoices FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_invoices_delete ON public.billing_invoices FOR DELETE TO app_runtime
  USING ((SELECT app.is_admin()));
--> statement-breakpoint
ALTER TABLE public.billing_coupon_redemptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.billing_coupon_redemptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY billing_coupon_redemptions_select ON public.billing_coupon_redemptions FOR SELECT TO app_runtime
  USING (
    (SELECT app.is_admin())
    OR (
      user_id = (SELECT app.current_tenant_id())
      AND (SELECT app.current_tenant_role()) = 'owner'
    )
  );
--> statement-breakpoint
CREATE POLICY billing_coupon_redemptions_insert ON public.billing_coupon_redemptions FOR INSERT TO app_runtime
  WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_coupon_redemptions_update ON public.billing_coupon_redemptions FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_coupon_redemptions_delete ON public.billing_coupon_redemptions FOR DELETE TO app_runtime
  USING ((SELECT app.is_admin()));
--> statement-breakpoint
ALTER TABLE public.billing_grants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.billing_grants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY billing_grants_select ON public.billing_grants FOR SELECT TO app_runtime
  USING ((SELECT app.is_admin()) OR user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY billing_grants_insert ON public.billing_grants FOR INSERT TO app_runtime
  WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_grants_update ON public.billing_grants FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY billing_grants_delete ON public.billing_grants FOR DELETE TO app_runtime
  USING ((SELECT app.is_admin()));
