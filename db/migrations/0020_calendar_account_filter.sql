DROP INDEX "platform_posts_calendar_event_id_idx";--> statement-breakpoint
CREATE INDEX "platform_posts_event_user_connection_idx" ON "platform_posts" USING btree ("calendar_event_id","user_id","connection_id");--> statement-breakpoint
-- A connection belongs to one tenant, so connection_id decides user_id. Without this the planner
-- multiplies the two conditions of the account filter as if independent, expects a tenth of the
-- rows, and picks a plan that hashes every delivery of the account (decision 076).
CREATE STATISTICS "platform_posts_connection_id_user_id_stats" (dependencies) ON "connection_id", "user_id" FROM "platform_posts";

