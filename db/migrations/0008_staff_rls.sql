-- Staff membership at the database level (decision 030).
--
-- Until now app.current_tenant_id() returned whatever the server set. From here it returns the
-- tenant only when the acting user belongs to it: the owner (user = tenant), a tenant_staff member
-- of it, or an administrator. A scope naming a tenant the user does not belong to sees nothing in
-- any table whose policies compare with the tenant id, including tables added later.
--
-- SECURITY DEFINER: the lookup reads user_roles, whose own select policy calls this function.
CREATE OR REPLACE FUNCTION app.current_tenant_id() RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
  SELECT CASE
    WHEN s.tenant IS NULL OR s.usr IS NULL THEN NULL
    WHEN s.tenant = s.usr OR s.admin THEN s.tenant
    WHEN EXISTS (
      SELECT 1 FROM public.user_roles ur
      WHERE ur.user_id = s.usr AND ur.role = 'tenant_staff' AND ur.tenant_id = s.tenant
    ) THEN s.tenant
    ELSE NULL
  END
  FROM (
    SELECT nullif(current_setting('app.tenant_id', true), '')::uuid AS tenant,
           nullif(current_setting('app.user_id', true), '')::uuid AS usr,
           coalesce(nullif(current_setting('app.is_admin', true), '')::boolean, false) AS admin
  ) s
$$;
--> statement-breakpoint
-- What the acting user is in the current tenant: 'owner', or the member's staff role ('staff',
-- 'manager', 'viewer'; a tenant_staff row without one counts as 'staff'). NULL for non-members.
CREATE OR REPLACE FUNCTION app.current_tenant_role() RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
  SELECT CASE
    WHEN s.tenant IS NULL OR s.usr IS NULL THEN NULL
    WHEN s.tenant = s.usr THEN 'owner'
    ELSE (
      SELECT coalesce(ur.staff_role, 'staff') FROM public.user_roles ur
      WHERE ur.user_id = s.usr AND ur.role = 'tenant_staff' AND ur.tenant_id = s.tenant
      LIMIT 1
    )
  END
  FROM (
    SELECT nullif(current_setting('app.tenant_id', true), '')::uuid AS tenant,
           nullif(current_setting('app.user_id', true), '')::uuid AS usr
  ) s
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.current_tenant_id() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.current_tenant_role() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.current_tenant_id() TO app_runtime;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.current_tenant_role() TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.user_roles ADD CONSTRAINT user_roles_staff_role_check
  CHECK (staff_role IS NULL OR (role = 'tenant_staff' AND staff_role IN ('staff', 'manager', 'viewer')));
--> statement-breakpoint
ALTER TABLE public.staff_invitations ADD CONSTRAINT staff_invitations_role_check
  CHECK (role IN ('staff', 'manager', 'viewer'));
--> statement-breakpoint
ALTER TABLE public.staff_invitations ADD CONSTRAINT staff_invitations_status_check
  CHECK (status IN ('pending', 'accepted', 'cancelled'));
--> statement-breakpoint

-- Content (calendar_events, platform_posts): every member reads; owner, manager and staff write;
-- a viewer only reads.
DROP POLICY IF EXISTS calendar_events_insert ON public.calendar_events;
--> statement-breakpoint
DROP POLICY IF EXISTS calendar_events_update ON public.calendar_events;
--> statement-breakpoint
DROP POLICY IF EXISTS calendar_events_delete ON public.calendar_events;
--> statement-breakpoint
CREATE POLICY calendar_events_insert ON public.calendar_events FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY calendar_events_update ON public.calendar_events FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY calendar_events_delete ON public.calendar_events FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
DROP POLICY IF EXISTS platform_posts_insert ON public.platform_posts;
--> statement-breakpoint
DROP POLICY IF EXISTS platform_posts_update ON public.platform_posts;
--> statement-breakpoint
DROP POLICY IF EXISTS platform_posts_delete ON public.platform_posts;
--> statement-breakpoint
CREATE POLICY platform_posts_insert ON public.platform_posts FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint
CREATE POLICY platform_posts_update ON public.platform_posts FOR UPDATE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  )
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY platform_posts_delete ON public.platform_posts FOR DELETE TO app_runtime
  USING (
    user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager', 'staff')
  );
--> statement-breakpoint

-- business_profiles: every member reads; only the owner writes (settings are the owner's).
DROP POLICY IF EXISTS business_profiles_insert ON public.business_profiles;
--> statement-breakpoint
DROP POLICY IF EXISTS business_profiles_update ON public.business_profiles;
--> statement-breakpoint
DROP POLICY IF EXISTS business_profiles_delete ON public.business_profiles;
--> statement-breakpoint
CREATE POLICY business_profiles_insert ON public.business_profiles FOR INSERT TO app_runtime
  WITH CHECK (
    user_id = (SELECT app.current_tenant_id()) AND (SELECT app.current_tenant_role()) = 'owner'
  );
--> statement-breakpoint
CREATE POLICY business_profiles_update ON public.business_profiles FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()) AND (SELECT app.current_tenant_role()) = 'owner')
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY business_profiles_delete ON public.business_profiles FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()) AND (SELECT app.current_tenant_role()) = 'owner');
--> statement-breakpoint

-- staff_invitations: every member reads the list; owner and manager invite, resend and cancel.
DROP POLICY IF EXISTS staff_invitations_insert ON public.staff_invitations;
--> statement-breakpoint
DROP POLICY IF EXISTS staff_invitations_update ON public.staff_invitations;
--> statement-breakpoint
DROP POLICY IF EXISTS staff_invitations_delete ON public.staff_invitations;
--> statement-breakpoint
CREATE POLICY staff_invitations_insert ON public.staff_invitations FOR INSERT TO app_runtime
  WITH CHECK (
    tenant_user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
    AND status = 'pending'
  );
--> statement-breakpoint
CREATE POLICY staff_invitations_update ON public.staff_invitations FOR UPDATE TO app_runtime
  USING (
    tenant_user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  )
  WITH CHECK (tenant_user_id = (SELECT app.current_tenant_id()) AND status <> 'accepted');
--> statement-breakpoint
CREATE POLICY staff_invitations_delete ON public.staff_invitations FOR DELETE TO app_runtime
  USING (
    tenant_user_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  );
--> statement-breakpoint

-- user_roles: the owner or a manager removes the tenant's staff (no longer the owner alone).
DROP POLICY IF EXISTS user_roles_delete ON public.user_roles;
--> statement-breakpoint
CREATE POLICY user_roles_delete ON public.user_roles FOR DELETE TO app_runtime USING (
  (SELECT app.is_admin())
  OR (
    role = 'tenant_staff'
    AND tenant_id = (SELECT app.current_tenant_id())
    AND (SELECT app.current_tenant_role()) IN ('owner', 'manager')
  )
);
--> statement-breakpoint

-- Joining a business is the one insert into user_roles a non-administrator makes, through this
-- narrow door: the caller (app.user_id) presents the hash of an invitation link; if it names a
-- pending, unexpired invitation addressed to the caller's own e-mail address, the invitation is
-- marked accepted and exactly one tenant_staff row is written, in one transaction. The outcome
-- says why nothing happened otherwise. The row is locked, so two clicks cannot both succeed.
CREATE OR REPLACE FUNCTION app.accept_staff_invitation(p_token_hash text)
  RETURNS TABLE (outcome text, tenant_id uuid, staff_role text)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_user uuid := nullif(current_setting('app.user_id', true), '')::uuid;
  v_email text;
  v_inv public.staff_invitations%ROWTYPE;
BEGIN
  IF v_user IS NULL THEN
    RAISE EXCEPTION 'permission denied: no acting user' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO v_inv FROM public.staff_invitations si
    WHERE si.invitation_token = p_token_hash FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::text; RETURN;
  END IF;
  IF v_inv.status = 'cancelled' THEN
    RETURN QUERY SELECT 'cancelled'::text, NULL::uuid, NULL::text; RETURN;
  END IF;
  IF v_inv.status = 'accepted' THEN
    RETURN QUERY SELECT 'used'::text, NULL::uuid, NULL::text; RETURN;
  END IF;
  IF v_inv.expires_at <= now() THEN
    RETURN QUERY SELECT 'expired'::text, NULL::uuid, NULL::text; RETURN;
  END IF;
  IF v_inv.tenant_user_id = v_user THEN
    RETURN QUERY SELECT 'own_business'::text, NULL::uuid, NULL::text; RETURN;
  END IF;
  SELECT u.email INTO v_email FROM auth.users u WHERE u.id = v_user;
  IF v_email IS NULL OR lower(v_email) <> lower(v_inv.email) THEN
    RETURN QUERY SELECT 'wrong_email'::text, NULL::uuid, NULL::text; RETURN;
  END IF;
  UPDATE public.staff_invitations
    SET status = 'accepted', accepted_at = now(), accepted_by = v_user, updated_at = now()
    WHERE id = v_inv.id;
  IF EXISTS (
    SELECT 1 FROM public.user_roles ur
    WHERE ur.user_id = v_user AND ur.role = 'tenant_staff' AND ur.tenant_id = v_inv.tenant_user_id
  ) THEN
    UPDATE public.user_roles ur SET staff_role = v_inv.role, updated_at = now()
      WHERE ur.user_id = v_user AND ur.role = 'tenant_staff' AND ur.tenant_id = v_inv.tenant_user_id;
  ELSE
    INSERT INTO public.user_roles (user_id, role, tenant_id, staff_role)
      VALUES (v_user, 'tenant_staff', v_inv.tenant_user_id, v_inv.role);
  END IF;
  RETURN QUERY SELECT 'accepted'::text, v_inv.tenant_user_id, v_inv.role;
END
$$;
--> statement-breakpoint
-- Changing a member's staff role: the owner or a manager of the member's tenant, the staff_role
-- column only (the user_roles update policy stays the administrators').
CREATE OR REPLACE FUNCTION app.set_staff_role(p_member uuid, p_staff_role text)
  RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_tenant uuid := app.current_tenant_id();
BEGIN
  IF v_tenant IS NULL OR app.current_tenant_role() NOT IN ('owner', 'manager') THEN
    RAISE EXCEPTION 'permission denied: only the owner or a manager changes staff roles'
      USING ERRCODE = '42501';
  END IF;
  UPDATE public.user_roles ur SET staff_role = p_staff_role, updated_at = now()
    WHERE ur.user_id = p_member AND ur.role = 'tenant_staff' AND ur.tenant_id = v_tenant;
  RETURN FOUND;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.accept_staff_invitation(text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.set_staff_role(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.accept_staff_invitation(text) TO app_runtime;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.set_staff_role(uuid, text) TO app_runtime;
--> statement-breakpoint

-- subscription: besides administrators, the owner may move their own ended trial to Free (plan
-- free, active, no add-ons); nothing else about a subscription is theirs to change.
DROP POLICY IF EXISTS subscription_update ON public.subscription;
--> statement-breakpoint
CREATE POLICY subscription_update ON public.subscription FOR UPDATE TO app_runtime
  USING (
    (SELECT app.is_admin())
    OR (
      user_id = (SELECT app.current_tenant_id())
      AND (SELECT app.current_tenant_role()) = 'owner'
      AND plan = 'trial'
      AND (status = 'inactive' OR trial_ends_at <= now())
    )
  )
  WITH CHECK (
    (SELECT app.is_admin())
    OR (
      user_id = (SELECT app.current_tenant_id())
      AND plan = 'free'
      AND status = 'active'
      AND addons = '{}'
    )
  );
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS staff_invitations_pending_email_idx
  ON public.staff_invitations (tenant_user_id, lower(email)) WHERE status = 'pending';
