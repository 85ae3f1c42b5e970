ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_id_user_id_key" UNIQUE("id","user_id");--> statement-breakpoint
CREATE TABLE "posting_queues" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"paused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posting_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"minute_of_day" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posting_slots_connection_weekday_minute_key" UNIQUE("connection_id","weekday","minute_of_day"),
	CONSTRAINT "posting_slots_weekday_check" CHECK ("posting_slots"."weekday" between 0 and 6),
	CONSTRAINT "posting_slots_minute_of_day_check" CHECK ("posting_slots"."minute_of_day" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "queued_posts" (
	"calendar_event_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posting_queues" ADD CONSTRAINT "posting_queues_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_queues" ADD CONSTRAINT "posting_queues_connection_tenant_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_slots" ADD CONSTRAINT "posting_slots_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_slots" ADD CONSTRAINT "posting_slots_connection_id_posting_queues_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."posting_queues"("connection_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_slots" ADD CONSTRAINT "posting_slots_connection_tenant_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queued_posts" ADD CONSTRAINT "queued_posts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queued_posts" ADD CONSTRAINT "queued_posts_calendar_event_tenant_fk" FOREIGN KEY ("calendar_event_id","user_id") REFERENCES "public"."calendar_events"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queued_posts" ADD CONSTRAINT "queued_posts_connection_tenant_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posting_queues_user_id_idx" ON "posting_queues" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posting_slots_user_id_idx" ON "posting_slots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "queued_posts_user_id_connection_id_slot_at_idx" ON "queued_posts" USING btree ("user_id","connection_id","slot_at");
