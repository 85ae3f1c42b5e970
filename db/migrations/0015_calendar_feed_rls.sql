-- calendar_feeds: the tenant's own rows, every command (like calendar_events). The public feed
-- route reads it through withTenant with the tenant named in the link, so no policy needs to
-- look across tenants. Its tenant-key index is calendar_feeds_user_id_member_id_key.
GRANT SELECT, INSERT, UPDATE, DELETE ON public.calendar_feeds TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.calendar_feeds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.calendar_feeds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY calendar_feeds_select ON public.calendar_feeds FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY calendar_feeds_insert ON public.calendar_feeds FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY calendar_feeds_update ON public.calendar_feeds FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY calendar_feeds_delete ON public.calendar_feeds FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE INDEX calendar_feeds_member_id_idx ON public.calendar_feeds (member_id);
