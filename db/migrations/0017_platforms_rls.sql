-- Row-level security for the platform tables (same pattern as 0001_rls.sql): a tenant sees and
-- changes only its own connections and OAuth attempts. system.meta_webhook_events has no grant:
-- only the webhook receiver and its job touch it.
GRANT SELECT, INSERT, UPDATE, DELETE ON public.platform_connections, public.platform_oauth_states TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.platform_connections ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.platform_connections FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_connections_select ON public.platform_connections FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY platform_connections_insert ON public.platform_connections FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY platform_connections_update ON public.platform_connections FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY platform_connections_delete ON public.platform_connections FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
ALTER TABLE public.platform_oauth_states ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.platform_oauth_states FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_oauth_states_select ON public.platform_oauth_states FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY platform_oauth_states_insert ON public.platform_oauth_states FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY platform_oauth_states_update ON public.platform_oauth_states FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY platform_oauth_states_delete ON public.platform_oauth_states FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
