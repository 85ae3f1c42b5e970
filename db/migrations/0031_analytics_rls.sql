-- Analytics (docs/decisions/092), like the inbox (0029_inbox_rls.sql): every member of the
-- business reads its figures; the insights sync (as the business) and owner, manager or staff
-- ("Sync now") write the stored insights; scheduled reports are configured by owner and manager
-- only (the service checks the same). Rows naming an account do so through the
-- (connection_id, user_id) key of platform_connections (0030_analytics_tables.sql).
GRANT SELECT, INSERT, UPDATE, DELETE ON public.analytics_daily, public.analytics_posts, public.analytics_post_samples, public.analytics_breakdowns, public.analytics_online_hours, public.analytics_sync_states, public.analytics_reports TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.analytics_daily ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.analytics_daily FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY analytics_daily_select ON public.analytics_daily FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_daily_insert ON public.analytics_daily FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY analytics_daily_update ON public.analytics_daily FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_daily_delete ON public.analytics_daily FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.analytics_posts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.analytics_posts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY analytics_posts_select ON public.analytics_posts FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_posts_insert ON public.analytics_posts FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY analytics_posts_update ON public.analytics_posts FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_posts_delete ON public.analytics_posts FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.analytics_post_samples ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.analytics_post_samples FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY analytics_post_samples_select ON public.analytics_post_samples FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_post_samples_insert ON public.analytics_post_samples FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY analytics_post_samples_update ON public.analytics_post_samples FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_post_samples_delete ON public.analytics_post_samples FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.analytics_breakdowns ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.analytics_breakdowns FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY analytics_breakdowns_select ON public.analytics_breakdowns FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_breakdowns_insert ON public.analytics_breakdowns FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY analytics_breakdowns_update ON public.analytics_breakdowns FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_breakdowns_delete ON public.analytics_breakdowns FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.analytics_online_hours ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.analytics_online_hours FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY analytics_online_hours_select ON public.analytics_online_hours FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_online_hours_insert ON public.analytics_online_hours FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY analytics_online_hours_update ON public.analytics_online_hours FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_online_hours_delete ON public.analytics_online_hours FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.analytics_sync_states ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.analytics_sync_states FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY analytics_sync_states_select ON public.analytics_sync_states FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_sync_states_insert ON public.analytics_sync_states FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY analytics_sync_states_update ON public.analytics_sync_states FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_sync_states_delete ON public.analytics_sync_states FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.analytics_reports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.analytics_reports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY analytics_reports_select ON public.analytics_reports FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_reports_insert ON public.analytics_reports FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  );
--> statement-breakpoint
CREATE POLICY analytics_reports_update ON public.analytics_reports FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY analytics_reports_delete ON public.analytics_reports FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  );
