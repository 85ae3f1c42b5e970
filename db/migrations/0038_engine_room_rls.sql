-- The engine room (docs/product/screens.md#engine-room), like campaigns (0036_campaigns_rls.sql):
-- every member of the business reads its sessions and their messages (a session is shared by its
-- address); owner, manager and staff start, rename and delete them and send messages; a viewer
-- reads only.
GRANT SELECT, INSERT, UPDATE, DELETE ON public.engine_sessions, public.engine_messages TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.engine_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.engine_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY engine_sessions_select ON public.engine_sessions FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY engine_sessions_insert ON public.engine_sessions FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY engine_sessions_update ON public.engine_sessions FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY engine_sessions_delete ON public.engine_sessions FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.engine_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.engine_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY engine_messages_select ON public.engine_messages FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY engine_messages_insert ON public.engine_messages FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY engine_messages_update ON public.engine_messages FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY engine_messages_delete ON public.engine_messages FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
