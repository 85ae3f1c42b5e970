-- settings.status decides whether an account may use the product (inactive → trial-expired).
-- Policies cannot compare old and new rows, so a trigger keeps a user from reactivating
-- themselves with an update of their own profile; administrators (app.is_admin) may change it.
CREATE OR REPLACE FUNCTION app.guard_profile_status() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
  AS $$
BEGIN
  IF (NEW.settings -> 'status') IS DISTINCT FROM (OLD.settings -> 'status')
     AND current_user = 'app_runtime'
     AND NOT (SELECT app.is_admin()) THEN
    RAISE EXCEPTION 'permission denied: only an administrator may change the account status'
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_guard_status ON public.profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_guard_status BEFORE UPDATE OF settings ON public.profiles
  FOR EACH ROW EXECUTE FUNCTION app.guard_profile_status();
