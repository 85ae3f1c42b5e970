CREATE TABLE "inbox_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"parent_external_id" text,
	"direction" text NOT NULL,
	"origin" text DEFAULT 'platform' NOT NULL,
	"source" text NOT NULL,
	"author_id" text,
	"author_name" text,
	"author_handle" text,
	"text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_by" text,
	"liked" boolean DEFAULT false NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"sentiment" text,
	"client_ref" text,
	"sent_by_user_id" uuid,
	"private_reply_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_items_external_key" UNIQUE("user_id","platform","external_id"),
	CONSTRAINT "inbox_items_id_user_id_key" UNIQUE("id","user_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"rule_id" uuid,
	"rule_name" text NOT NULL,
	"action" text NOT NULL,
	"matched" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"undone_by" uuid,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_moderation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"name" text NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"pattern" text,
	"action" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"recipient_user_id" uuid NOT NULL,
	"thread_id" uuid,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"actor_user_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_notifications_body_check" CHECK (length("inbox_notifications"."body") <= 500)
);
--> statement-breakpoint
CREATE TABLE "inbox_pending_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"change" jsonb NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_saved_replies_title_key" UNIQUE("user_id","title")
);
--> statement-breakpoint
CREATE TABLE "inbox_sync_states" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"last_webhook_at" timestamp with time zone,
	"found_by_polling" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"external_key" text NOT NULL,
	"post_external_id" text,
	"conversation_id" text,
	"participant_id" text,
	"participant_name" text,
	"participant_handle" text,
	"participant_picture_url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"done_at" timestamp with time zone,
	"assigned_to" uuid,
	"assigned_at" timestamp with time zone,
	"last_item_at" timestamp with time zone NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"needs_reply" boolean DEFAULT false NOT NULL,
	"sentiment" text,
	"preview" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_threads_key" UNIQUE("user_id","platform","kind","external_key"),
	CONSTRAINT "inbox_threads_id_user_id_key" UNIQUE("id","user_id")
);
--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_sent_by_user_id_profiles_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_thread_tenant_fk" FOREIGN KEY ("thread_id","user_id") REFERENCES "public"."inbox_threads"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_moderation_actions" ADD CONSTRAINT "inbox_moderation_actions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_moderation_actions" ADD CONSTRAINT "inbox_moderation_actions_undone_by_profiles_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_moderation_actions" ADD CONSTRAINT "inbox_moderation_actions_item_tenant_fk" FOREIGN KEY ("item_id","user_id") REFERENCES "public"."inbox_items"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_moderation_rules" ADD CONSTRAINT "inbox_moderation_rules_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_moderation_rules" ADD CONSTRAINT "inbox_moderation_rules_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_moderation_rules" ADD CONSTRAINT "inbox_moderation_rules_connection_tenant_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_author_user_id_profiles_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_thread_tenant_fk" FOREIGN KEY ("thread_id","user_id") REFERENCES "public"."inbox_threads"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notifications" ADD CONSTRAINT "inbox_notifications_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notifications" ADD CONSTRAINT "inbox_notifications_recipient_user_id_profiles_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notifications" ADD CONSTRAINT "inbox_notifications_actor_user_id_profiles_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_pending_changes" ADD CONSTRAINT "inbox_pending_changes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_saved_replies" ADD CONSTRAINT "inbox_saved_replies_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_saved_replies" ADD CONSTRAINT "inbox_saved_replies_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_sync_states" ADD CONSTRAINT "inbox_sync_states_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_sync_states" ADD CONSTRAINT "inbox_sync_states_connection_tenant_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_assigned_to_profiles_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_connection_tenant_fk" FOREIGN KEY ("connection_id","user_id") REFERENCES "public"."platform_connections"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_items_thread_id_sent_at_idx" ON "inbox_items" USING btree ("thread_id","sent_at");--> statement-breakpoint
CREATE INDEX "inbox_items_client_ref_idx" ON "inbox_items" USING btree ("user_id","client_ref") WHERE "inbox_items"."client_ref" is not null;--> statement-breakpoint
CREATE INDEX "inbox_moderation_actions_user_id_created_at_idx" ON "inbox_moderation_actions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inbox_moderation_actions_item_id_idx" ON "inbox_moderation_actions" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "inbox_moderation_rules_user_id_idx" ON "inbox_moderation_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inbox_moderation_rules_connection_id_idx" ON "inbox_moderation_rules" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "inbox_notes_thread_id_idx" ON "inbox_notes" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "inbox_notes_user_id_idx" ON "inbox_notes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inbox_notifications_recipient_idx" ON "inbox_notifications" USING btree ("user_id","recipient_user_id","created_at");--> statement-breakpoint
CREATE INDEX "inbox_pending_changes_key_idx" ON "inbox_pending_changes" USING btree ("user_id","platform","external_id");--> statement-breakpoint
CREATE INDEX "inbox_saved_replies_user_id_idx" ON "inbox_saved_replies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inbox_sync_states_user_id_idx" ON "inbox_sync_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inbox_threads_user_id_kind_last_item_at_idx" ON "inbox_threads" USING btree ("user_id","kind","last_item_at");--> statement-breakpoint
CREATE INDEX "inbox_threads_assigned_to_idx" ON "inbox_threads" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "inbox_threads_connection_id_idx" ON "inbox_threads" USING btree ("connection_id");