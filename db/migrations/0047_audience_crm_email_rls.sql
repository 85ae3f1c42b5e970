-- The CRM and e-mail marketing add-ons (docs/decisions/099, 100), like the audience
-- (0041_audience_rls.sql): every member of the business reads; owner, manager and staff write.
-- A note is changed by its author; removed by its author, the owner or a manager. A contact's
-- activity is written once (only administrators change or remove it; deleting the contact takes
-- it along). A suppression is never changed; only one added by hand is removed, by the owner or a
-- manager: an unsubscribe or a bounce stays.
GRANT SELECT, INSERT, UPDATE, DELETE ON public.audience_notes, public.audience_activities, public.email_campaigns, public.email_recipients, public.email_suppressions TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.audience_notes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.audience_notes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audience_notes_select ON public.audience_notes FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY audience_notes_insert ON public.audience_notes FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
    AND author_id = (SELECT app.current_user_id())
  );
--> statement-breakpoint
CREATE POLICY audience_notes_update ON public.audience_notes FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
    AND author_id = (SELECT app.current_user_id())
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()) AND author_id = (SELECT app.current_user_id()));
--> statement-breakpoint
CREATE POLICY audience_notes_delete ON public.audience_notes FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
    AND (author_id = (SELECT app.current_user_id()) OR (SELECT app.current_tenant_role()) IN ('owner', 'manager'))
  );
--> statement-breakpoint
ALTER TABLE public.audience_activities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.audience_activities FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audience_activities_select ON public.audience_activities FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY audience_activities_insert ON public.audience_activities FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY audience_activities_update ON public.audience_activities FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY audience_activities_delete ON public.audience_activities FOR DELETE TO app_runtime
  USING ((SELECT app.is_admin()));
--> statement-breakpoint
ALTER TABLE public.email_campaigns ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.email_campaigns FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY email_campaigns_select ON public.email_campaigns FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY email_campaigns_insert ON public.email_campaigns FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY email_campaigns_update ON public.email_campaigns FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY email_campaigns_delete ON public.email_campaigns FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.email_recipients ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.email_recipients FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY email_recipients_select ON public.email_recipients FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY email_recipients_insert ON public.email_recipients FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY email_recipients_update ON public.email_recipients FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY email_recipients_delete ON public.email_recipients FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
ALTER TABLE public.email_suppressions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.email_suppressions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY email_suppressions_select ON public.email_suppressions FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY email_suppressions_insert ON public.email_suppressions FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY email_suppressions_update ON public.email_suppressions FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY email_suppressions_delete ON public.email_suppressions FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
    AND reason = 'manual'
  );
