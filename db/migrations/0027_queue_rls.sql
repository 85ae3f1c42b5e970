-- The posting queue's tables (docs/decisions/077), like the posts they place (0008_staff_rls.sql):
-- every member of the business reads them; owner, manager and staff write; a viewer only reads.
-- Their tenant-key indexes are posting_queues_user_id_idx, posting_slots_user_id_idx and
-- queued_posts_user_id_connection_id_slot_at_idx; their (connection_id, user_id) keys name only
-- accounts of the same business (0026_queue_tables.sql).
GRANT SELECT, INSERT, UPDATE, DELETE ON public.posting_queues, public.posting_slots,
  public.queued_posts TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.posting_queues ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.posting_queues FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY posting_queues_select ON public.posting_queues FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY posting_queues_insert ON public.posting_queues FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY posting_queues_update ON public.posting_queues FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY posting_queues_delete ON public.posting_queues FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.posting_slots ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.posting_slots FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY posting_slots_select ON public.posting_slots FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY posting_slots_insert ON public.posting_slots FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY posting_slots_update ON public.posting_slots FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY posting_slots_delete ON public.posting_slots FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.queued_posts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.queued_posts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY queued_posts_select ON public.queued_posts FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY queued_posts_insert ON public.queued_posts FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY queued_posts_update ON public.queued_posts FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY queued_posts_delete ON public.queued_posts FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
