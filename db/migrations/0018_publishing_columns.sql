ALTER TABLE "platform_posts" ADD COLUMN "connection_id" uuid;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD COLUMN "format" text DEFAULT 'feed' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD COLUMN "media_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD COLUMN "first_comment" text;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD COLUMN "attempt_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD COLUMN "container_id" text;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_posts" ADD CONSTRAINT "platform_posts_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_posts_status_next_attempt_at_idx" ON "platform_posts" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "platform_posts_connection_id_idx" ON "platform_posts" USING btree ("connection_id");