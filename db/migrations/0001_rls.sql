-- Row-level security for every tenant table. Written by hand: drizzle-kit emits neither FORCE
-- nor GRANT. Requests and jobs run as app_runtime inside a transaction that sets app.user_id and
-- app.tenant_id (src/server/platform/db/tenant.ts); nothing is set session-wide.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_runtime') THEN
    CREATE ROLE app_runtime NOLOGIN NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  -- The connecting role must be able to SET ROLE app_runtime; a superuser already can.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT app_runtime TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS app;
--> statement-breakpoint
-- A custom setting reads back as '' once it has been set in a session, hence nullif.
CREATE OR REPLACE FUNCTION app.current_user_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.current_tenant_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.is_admin() RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(nullif(current_setting('app.is_admin', true), '')::boolean, false) $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA app TO app_runtime;
--> statement-breakpoint
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA app TO app_runtime;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_runtime;
--> statement-breakpoint
REVOKE ALL ON SCHEMA auth FROM app_runtime;
--> statement-breakpoint
REVOKE ALL ON SCHEMA system FROM app_runtime;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.profiles, public.user_roles, public.business_profiles,
  public.subscription, public.calendar_events, public.platform_posts, public.staff_invitations TO app_runtime;
--> statement-breakpoint

-- profiles: a user's own row; the tenant's owner and staff see each other's rows (staff list).
ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY profiles_select ON public.profiles FOR SELECT TO app_runtime USING (
  id = (SELECT app.current_user_id())
  OR id = (SELECT app.current_tenant_id())
  OR (SELECT app.is_admin())
  OR EXISTS (
    SELECT 1 FROM public.user_roles ur
    WHERE ur.user_id = profiles.id AND ur.role = 'tenant_staff' AND ur.tenant_id = (SELECT app.current_tenant_id())
  )
);
--> statement-breakpoint
CREATE POLICY profiles_insert ON public.profiles FOR INSERT TO app_runtime
  WITH CHECK (id = (SELECT app.current_user_id()));
--> statement-breakpoint
CREATE POLICY profiles_update ON public.profiles FOR UPDATE TO app_runtime
  USING (id = (SELECT app.current_user_id()) OR (SELECT app.is_admin()))
  WITH CHECK (id = (SELECT app.current_user_id()) OR (SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY profiles_delete ON public.profiles FOR DELETE TO app_runtime
  USING (id = (SELECT app.current_user_id()) OR (SELECT app.is_admin()));
--> statement-breakpoint

-- user_roles: who holds which role. Only administrators grant roles; an owner may remove staff.
ALTER TABLE public.user_roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.user_roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_roles_select ON public.user_roles FOR SELECT TO app_runtime USING (
  user_id = (SELECT app.current_user_id())
  OR tenant_id = (SELECT app.current_tenant_id())
  OR (SELECT app.is_admin())
);
--> statement-breakpoint
CREATE POLICY user_roles_insert ON public.user_roles FOR INSERT TO app_runtime
  WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY user_roles_update ON public.user_roles FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY user_roles_delete ON public.user_roles FOR DELETE TO app_runtime USING (
  (SELECT app.is_admin())
  OR (
    role = 'tenant_staff'
    AND tenant_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_user_id()) = (SELECT app.current_tenant_id())
  )
);
--> statement-breakpoint

-- business_profiles: the tenant's own row.
ALTER TABLE public.business_profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.business_profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY business_profiles_select ON public.business_profiles FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()) OR (SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY business_profiles_insert ON public.business_profiles FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY business_profiles_update ON public.business_profiles FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY business_profiles_delete ON public.business_profiles FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint

-- subscription: readable by its tenant; a new account may only start itself on an active trial;
-- plan and status changes are made by administrators (and, later, verified billing events).
ALTER TABLE public.subscription ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.subscription FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY subscription_select ON public.subscription FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()) OR (SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY subscription_insert ON public.subscription FOR INSERT TO app_runtime WITH CHECK (
  (SELECT app.is_admin())
  OR (user_id = (SELECT app.current_tenant_id()) AND plan = 'trial' AND status = 'active')
);
--> statement-breakpoint
CREATE POLICY subscription_update ON public.subscription FOR UPDATE TO app_runtime
  USING ((SELECT app.is_admin())) WITH CHECK ((SELECT app.is_admin()));
--> statement-breakpoint
CREATE POLICY subscription_delete ON public.subscription FOR DELETE TO app_runtime
  USING ((SELECT app.is_admin()));
--> statement-breakpoint

-- calendar_events, platform_posts, staff_invitations: the tenant's own rows, every command.
ALTER TABLE public.calendar_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.calendar_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY calendar_events_select ON public.calendar_events FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY calendar_events_insert ON public.calendar_events FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY calendar_events_update ON public.calendar_events FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY calendar_events_delete ON public.calendar_events FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
ALTER TABLE public.platform_posts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.platform_posts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_posts_select ON public.platform_posts FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY platform_posts_insert ON public.platform_posts FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY platform_posts_update ON public.platform_posts FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY platform_posts_delete ON public.platform_posts FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
ALTER TABLE public.staff_invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.staff_invitations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff_invitations_select ON public.staff_invitations FOR SELECT TO app_runtime
  USING (tenant_user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY staff_invitations_insert ON public.staff_invitations FOR INSERT TO app_runtime
  WITH CHECK (tenant_user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY staff_invitations_update ON public.staff_invitations FOR UPDATE TO app_runtime
  USING (tenant_user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (tenant_user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY staff_invitations_delete ON public.staff_invitations FOR DELETE TO app_runtime
  USING (tenant_user_id = (SELECT app.current_tenant_id()));
