CREATE TABLE "analytics_breakdowns" (
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"breakdown" text NOT NULL,
	"key" text NOT NULL,
	"value" double precision NOT NULL,
	"period" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_breakdowns_pkey" PRIMARY KEY("connection_id","metric","breakdown","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"value" double precision NOT NULL,
	"estimated" boolean DEFAULT false NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_daily_pkey" PRIMARY KEY("connection_id","metric","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_online_hours" (
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"value" double precision NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_online_hours_pkey" PRIMARY KEY("connection_id","day","hour"),
	CONSTRAINT "analytics_online_hours_hour_check" CHECK ("analytics_online_hours"."hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
CREATE TABLE "analytics_post_samples" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"age_hours" integer NOT NULL,
	"reach" double precision,
	"views" double precision,
	"likes" double precision,
	"comments" double precision,
	"shares" double precision,
	"saves" double precision,
	"interactions" double precision,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "analytics_post_samples_pkey" PRIMARY KEY("post_id","sampled_at")
);
--> statement-breakpoint
CREATE TABLE "analytics_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"product_type" text NOT NULL,
	"caption" text,
	"permalink" text,
	"thumbnail_url" text,
	"published_at" timestamp with time zone NOT NULL,
	"platform_post_id" uuid,
	"reach" double precision,
	"views" double precision,
	"likes" double precision,
	"comments" double precision,
	"shares" double precision,
	"saves" double precision,
	"interactions" double precision,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone,
	"next_sample_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_posts_external_key" UNIQUE("connection_id","external_id"),
	CONSTRAINT "analytics_posts_id_user_id_key" UNIQUE("id","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid,
	"cadence" text NOT NULL,
	"recipients" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"next_send_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_period_from" date,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_sync_states" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'never' NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"unavailable_reason" text,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"backfilled_from" date,
	"demographics_at" timestamp with time zone,
	"last_calls" integer DEFAULT 0 NOT NULL,
	"throttled_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_sync_states_connection_user_key" UNIQUE("connection_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_breakdowns" ADD CONSTRAINT "analytics_breakdowns_connection_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_connection_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_online_hours" ADD CONSTRAINT "analytics_online_hours_connection_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_post_samples" ADD CONSTRAINT "analytics_post_samples_post_fk" FOREIGN KEY ("post_id","user_id") REFERENCES "public"."analytics_posts"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_posts" ADD CONSTRAINT "analytics_posts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_posts" ADD CONSTRAINT "analytics_posts_platform_post_id_platform_posts_id_fk" FOREIGN KEY ("platform_post_id") REFERENCES "public"."platform_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_posts" ADD CONSTRAINT "analytics_posts_connection_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_reports" ADD CONSTRAINT "analytics_reports_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_reports" ADD CONSTRAINT "analytics_reports_connection_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sync_states" ADD CONSTRAINT "analytics_sync_states_connection_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_post_samples_user_id_idx" ON "analytics_post_samples" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_posts_connection_published_idx" ON "analytics_posts" USING btree ("connection_id","published_at");--> statement-breakpoint
CREATE INDEX "analytics_posts_user_id_idx" ON "analytics_posts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_posts_next_sample_idx" ON "analytics_posts" USING btree ("next_sample_at") WHERE "analytics_posts"."next_sample_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_reports_user_id_idx" ON "analytics_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_reports_next_send_idx" ON "analytics_reports" USING btree ("next_send_at");--> statement-breakpoint
CREATE INDEX "analytics_sync_states_next_sync_idx" ON "analytics_sync_states" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "analytics_sync_states_user_id_idx" ON "analytics_sync_states" USING btree ("user_id");