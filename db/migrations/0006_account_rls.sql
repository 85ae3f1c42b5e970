-- account_images: avatars and business logos. The owner (a person, or the business account for
-- a logo) writes them; the owner, the business account's owner and staff, and administrators
-- read them, like profiles. The other new tables are in schemas auth and system, which the
-- runtime role has no grant on.
GRANT SELECT, INSERT, UPDATE, DELETE ON public.account_images TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.account_images ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.account_images FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_images_select ON public.account_images FOR SELECT TO app_runtime USING (
  user_id = (SELECT app.current_user_id())
  OR user_id = (SELECT app.current_tenant_id())
  OR (SELECT app.is_admin())
  OR EXISTS (
    SELECT 1 FROM public.user_roles ur
    WHERE ur.user_id = account_images.user_id AND ur.role = 'tenant_staff'
      AND ur.tenant_id = (SELECT app.current_tenant_id())
  )
);
--> statement-breakpoint
CREATE POLICY account_images_insert ON public.account_images FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_user_id()));
--> statement-breakpoint
CREATE POLICY account_images_update ON public.account_images FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_user_id()))
  WITH CHECK (user_id = (SELECT app.current_user_id()));
--> statement-breakpoint
CREATE POLICY account_images_delete ON public.account_images FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_user_id()));
