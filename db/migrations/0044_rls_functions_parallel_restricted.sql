-- docs/decisions/098: the functions every row-level security policy calls read the request's
-- settings (and, for the role, user_roles). Left at PostgreSQL's default, PARALLEL UNSAFE, they
-- keep every statement under row-level security serial; PARALLEL RESTRICTED lets the planner
-- run them once in the leader (as the policies' InitPlans do) and scan in parallel workers.
ALTER FUNCTION app.current_tenant_id() PARALLEL RESTRICTED;
--> statement-breakpoint
ALTER FUNCTION app.current_tenant_role() PARALLEL RESTRICTED;
--> statement-breakpoint
ALTER FUNCTION app.current_user_id() PARALLEL RESTRICTED;
--> statement-breakpoint
ALTER FUNCTION app.is_admin() PARALLEL RESTRICTED;
