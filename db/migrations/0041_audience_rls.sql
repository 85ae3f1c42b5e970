-- The audience (docs/decisions/097), like campaigns (0036_campaigns_rls.sql): every member of
-- the business reads its contacts and segments; owner, manager and staff make and change them.
-- The record of a deleted contact is written once; only administrators change or remove it.
GRANT SELECT, INSERT, UPDATE, DELETE ON public.audience_contacts, public.audience_identities, public.audience_segments TO app_runtime;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.audience_deletions TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.audience_contacts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.audience_contacts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audience_contacts_select ON public.audience_contacts FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY audience_contacts_insert ON public.audience_contacts FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY audience_contacts_update ON public.audience_contacts FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY audience_contacts_delete ON public.audience_contacts FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.audience_identities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.audience_identities FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audience_identities_select ON public.audience_identities FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY audience_identities_insert ON public.audience_identities FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY audience_identities_update ON public.audience_identities FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY audience_identities_delete ON public.audience_identities FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.audience_segments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.audience_segments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audience_segments_select ON public.audience_segments FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY audience_segments_insert ON public.audience_segments FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY audience_segments_update ON public.audience_segments FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY audience_segments_delete ON public.audience_segments FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.audience_deletions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.audience_deletions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audience_deletions_select ON public.audience_deletions FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY audience_deletions_insert ON public.audience_deletions FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY audience_deletions_update ON public.audience_deletions FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY audience_deletions_delete ON public.audience_deletions FOR DELETE TO app_runtime
  USING ((SELECT app.is_admin()));
