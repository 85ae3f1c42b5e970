-- The social monitor's inbox (docs/decisions/091), like the posts and the queue (0027_queue_rls.sql):
-- every member of the business reads it; owner, manager and staff answer (write threads, items,
-- notes, pending changes, sync state and notifications); moderation rules and saved replies are
-- configured by owner and manager only (the service checks the same), and the moderation audit is
-- written by the ingest (as the business) and undone by owner, manager or staff. Each table's
-- tenant key leads an index (0028_inbox_tables.sql), and its (…, user_id) keys name only rows of
-- the same business.
GRANT SELECT, INSERT, UPDATE, DELETE ON public.inbox_threads, public.inbox_items,
  public.inbox_pending_changes, public.inbox_sync_states, public.inbox_notes,
  public.inbox_saved_replies, public.inbox_moderation_rules, public.inbox_moderation_actions,
  public.inbox_notifications TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.inbox_threads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.inbox_threads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbox_threads_select ON public.inbox_threads FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_threads_insert ON public.inbox_threads FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY inbox_threads_update ON public.inbox_threads FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_threads_delete ON public.inbox_threads FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.inbox_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.inbox_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbox_items_select ON public.inbox_items FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_items_insert ON public.inbox_items FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY inbox_items_update ON public.inbox_items FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_items_delete ON public.inbox_items FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.inbox_pending_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.inbox_pending_changes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbox_pending_changes_select ON public.inbox_pending_changes FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_pending_changes_insert ON public.inbox_pending_changes FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY inbox_pending_changes_update ON public.inbox_pending_changes FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_pending_changes_delete ON public.inbox_pending_changes FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.inbox_sync_states ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.inbox_sync_states FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbox_sync_states_select ON public.inbox_sync_states FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_sync_states_insert ON public.inbox_sync_states FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY inbox_sync_states_update ON public.inbox_sync_states FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_sync_states_delete ON public.inbox_sync_states FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.inbox_notes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.inbox_notes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbox_notes_select ON public.inbox_notes FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_notes_insert ON public.inbox_notes FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY inbox_notes_update ON public.inbox_notes FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_notes_delete ON public.inbox_notes FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.inbox_moderation_actions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.inbox_moderation_actions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbox_moderation_actions_select ON public.inbox_moderation_actions FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_moderation_actions_insert ON public.inbox_moderation_actions FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY inbox_moderation_actions_update ON public.inbox_moderation_actions FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_moderation_actions_delete ON public.inbox_moderation_actions FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.inbox_notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.inbox_notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbox_notifications_select ON public.inbox_notifications FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_notifications_insert ON public.inbox_notifications FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY inbox_notifications_update ON public.inbox_notifications FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_notifications_delete ON public.inbox_notifications FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.inbox_saved_replies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.inbox_saved_replies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbox_saved_replies_select ON public.inbox_saved_replies FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_saved_replies_insert ON public.inbox_saved_replies FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  );
--> statement-breakpoint
CREATE POLICY inbox_saved_replies_update ON public.inbox_saved_replies FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_saved_replies_delete ON public.inbox_saved_replies FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  );
--> statement-breakpoint
ALTER TABLE public.inbox_moderation_rules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.inbox_moderation_rules FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbox_moderation_rules_select ON public.inbox_moderation_rules FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_moderation_rules_insert ON public.inbox_moderation_rules FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  );
--> statement-breakpoint
CREATE POLICY inbox_moderation_rules_update ON public.inbox_moderation_rules FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY inbox_moderation_rules_delete ON public.inbox_moderation_rules FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  );
