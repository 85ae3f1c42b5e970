-- The tenant functions every row-level security policy calls, rewritten from SQL to PL/pgSQL with
-- the same rules (decision 030, migration 0008). A SQL function that cannot be inlined (these are
-- SECURITY DEFINER with their own search_path) has its body parsed and planned again in every
-- statement that calls it: about 0.1 ms of database CPU per statement, a fifth of a calendar list
-- request. PL/pgSQL keeps its plans for the life of the connection (decision 016).
CREATE OR REPLACE FUNCTION app.current_tenant_id() RETURNS uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  v_user uuid := nullif(current_setting('app.user_id', true), '')::uuid;
BEGIN
  IF v_tenant IS NULL OR v_user IS NULL THEN
    RETURN NULL;
  END IF;
  IF v_tenant = v_user
     OR coalesce(nullif(current_setting('app.is_admin', true), '')::boolean, false) THEN
    RETURN v_tenant;
  END IF;
  IF EXISTS (
    SELECT 1 FROM public.user_roles ur
    WHERE ur.user_id = v_user AND ur.role = 'tenant_staff' AND ur.tenant_id = v_tenant
  ) THEN
    RETURN v_tenant;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.current_tenant_role() RETURNS text
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  v_user uuid := nullif(current_setting('app.user_id', true), '')::uuid;
  v_role text;
BEGIN
  IF v_tenant IS NULL OR v_user IS NULL THEN
    RETURN NULL;
  END IF;
  IF v_tenant = v_user THEN
    RETURN 'owner';
  END IF;
  SELECT coalesce(ur.staff_role, 'staff') INTO v_role
    FROM public.user_roles ur
   WHERE ur.user_id = v_user AND ur.role = 'tenant_staff' AND ur.tenant_id = v_tenant
   LIMIT 1;
  RETURN v_role;
END
$$;
