CREATE TABLE "media_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"frame_rate" real,
	"video_codec" text,
	"audio_codec" text,
	"content_hash" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"instagram_key" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"processing_error" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_items_id_user_id_key" UNIQUE("id","user_id")
);
--> statement-breakpoint
CREATE TABLE "media_usages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"calendar_event_id" uuid,
	"campaign_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_usages_media_event_key" UNIQUE("media_id","calendar_event_id"),
	CONSTRAINT "media_usages_target_check" CHECK ("media_usages"."calendar_event_id" is not null or "media_usages"."campaign_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_media_tenant_fk" FOREIGN KEY ("media_id","user_id") REFERENCES "public"."media_items"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_event_tenant_fk" FOREIGN KEY ("calendar_event_id","user_id") REFERENCES "public"."calendar_events"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_items_user_id_name_idx" ON "media_items" USING btree ("user_id","name","id");--> statement-breakpoint
CREATE INDEX "media_items_user_id_created_at_idx" ON "media_items" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "media_items_user_id_size_idx" ON "media_items" USING btree ("user_id","size_bytes","id");--> statement-breakpoint
CREATE INDEX "media_items_user_id_hash_idx" ON "media_items" USING btree ("user_id","content_hash");--> statement-breakpoint
CREATE INDEX "media_items_tags_idx" ON "media_items" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "media_usages_user_id_idx" ON "media_usages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "media_usages_media_id_idx" ON "media_usages" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "media_usages_calendar_event_id_idx" ON "media_usages" USING btree ("calendar_event_id");