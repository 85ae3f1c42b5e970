ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_id_user_id_key" UNIQUE("id","user_id");--> statement-breakpoint
ALTER TABLE "platform_posts" DROP CONSTRAINT "platform_posts_calendar_event_id_calendar_events_id_fk";--> statement-breakpoint
ALTER TABLE "platform_posts" ADD CONSTRAINT "platform_posts_calendar_event_tenant_fk" FOREIGN KEY ("calendar_event_id","user_id") REFERENCES "public"."calendar_events"("id","user_id") ON DELETE cascade ON UPDATE no action;
