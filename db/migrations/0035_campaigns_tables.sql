CREATE TABLE "campaign_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"connection_id" uuid,
	"format" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"hashtags" text[] DEFAULT '{}' NOT NULL,
	"first_comment" text,
	"media" jsonb NOT NULL,
	"media_ids" uuid[] DEFAULT '{}' NOT NULL,
	"event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_posts_campaign_key" UNIQUE("campaign_id","key")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"step" text DEFAULT 'brief' NOT NULL,
	"goal" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"connection_ids" uuid[] DEFAULT '{}' NOT NULL,
	"formats" text[] DEFAULT '{}' NOT NULL,
	"cadence" jsonb,
	"plan_source" text,
	"color" text DEFAULT '#4f46e5' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"launched_at" timestamp with time zone,
	CONSTRAINT "campaigns_id_user_id_key" UNIQUE("id","user_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_posts" ADD CONSTRAINT "campaign_posts_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_posts" ADD CONSTRAINT "campaign_posts_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_posts" ADD CONSTRAINT "campaign_posts_campaign_fk" FOREIGN KEY ("campaign_id","user_id") REFERENCES "public"."campaigns"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_posts_user_scheduled_idx" ON "campaign_posts" USING btree ("user_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "campaign_posts_event_idx" ON "campaign_posts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "campaigns_user_status_idx" ON "campaigns" USING btree ("user_id","status","updated_at");