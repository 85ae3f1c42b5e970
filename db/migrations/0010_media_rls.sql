-- media_items, media_usages: the tenant's own rows, every command (like calendar_events).
GRANT SELECT, INSERT, UPDATE, DELETE ON public.media_items, public.media_usages TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.media_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.media_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY media_items_select ON public.media_items FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY media_items_insert ON public.media_items FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY media_items_update ON public.media_items FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY media_items_delete ON public.media_items FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
ALTER TABLE public.media_usages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.media_usages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY media_usages_select ON public.media_usages FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY media_usages_insert ON public.media_usages FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY media_usages_update ON public.media_usages FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY media_usages_delete ON public.media_usages FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
