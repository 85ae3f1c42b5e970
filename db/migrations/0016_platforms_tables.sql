CREATE TABLE "system"."meta_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"object" text NOT NULL,
	"entry_id" text NOT NULL,
	"field" text NOT NULL,
	"event_time" timestamp with time zone,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "meta_webhook_events_dedupe_key" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "platform_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"login" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"username" text,
	"picture_url" text,
	"linked_page_id" text,
	"meta_user_id" text,
	"granted_scopes" text[] DEFAULT '{}' NOT NULL,
	"access_token" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"token_issued_at" timestamp with time zone,
	"data_access_expires_at" timestamp with time zone,
	"status" text DEFAULT 'connected' NOT NULL,
	"health" text DEFAULT 'healthy' NOT NULL,
	"missing_permissions" text[] DEFAULT '{}' NOT NULL,
	"last_error" text,
	"last_checked_at" timestamp with time zone,
	"expiry_warned_at" timestamp with time zone,
	"simulated" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_connections_account_key" UNIQUE("user_id","platform","external_id")
);
--> statement-breakpoint
CREATE TABLE "platform_oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"login" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grant" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_oauth_states_state_hash_key" UNIQUE("state_hash")
);
--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_oauth_states" ADD CONSTRAINT "platform_oauth_states_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meta_webhook_events_entry_id_idx" ON "system"."meta_webhook_events" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "platform_connections_user_id_idx" ON "platform_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "platform_connections_meta_user_id_idx" ON "platform_connections" USING btree ("meta_user_id");--> statement-breakpoint
CREATE INDEX "platform_oauth_states_user_id_idx" ON "platform_oauth_states" USING btree ("user_id");