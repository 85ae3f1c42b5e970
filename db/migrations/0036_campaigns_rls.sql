-- Campaigns (docs/product/screens.md#campaigns), like the calendar's posts (0008_staff_rls.sql):
-- every member of the business reads its campaigns and their plans; owner, manager and staff
-- make and change them (the service checks scheduling rights before a launch).
GRANT SELECT, INSERT, UPDATE, DELETE ON public.campaigns, public.campaign_posts TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.campaigns ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.campaigns FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY campaigns_select ON public.campaigns FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY campaigns_insert ON public.campaigns FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY campaigns_update ON public.campaigns FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY campaigns_delete ON public.campaigns FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.campaign_posts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.campaign_posts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY campaign_posts_select ON public.campaign_posts FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY campaign_posts_insert ON public.campaign_posts FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY campaign_posts_update ON public.campaign_posts FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY campaign_posts_delete ON public.campaign_posts FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
