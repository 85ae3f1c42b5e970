-- ai_generations, ai_usage: the tenant's own rows, every command (like calendar_events).
GRANT SELECT, INSERT, UPDATE, DELETE ON public.ai_generations, public.ai_usage TO app_runtime;
--> statement-breakpoint
ALTER TABLE public.ai_generations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.ai_generations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY ai_generations_select ON public.ai_generations FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY ai_generations_insert ON public.ai_generations FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY ai_generations_update ON public.ai_generations FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY ai_generations_delete ON public.ai_generations FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
ALTER TABLE public.ai_usage ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.ai_usage FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY ai_usage_select ON public.ai_usage FOR SELECT TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY ai_usage_insert ON public.ai_usage FOR INSERT TO app_runtime
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY ai_usage_update ON public.ai_usage FOR UPDATE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()))
  WITH CHECK (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
CREATE POLICY ai_usage_delete ON public.ai_usage FOR DELETE TO app_runtime
  USING (user_id = (SELECT app.current_tenant_id()));
--> statement-breakpoint
-- A released reservation can never take the count below zero.
ALTER TABLE public.ai_usage ADD CONSTRAINT ai_usage_used_not_negative CHECK (used >= 0);
