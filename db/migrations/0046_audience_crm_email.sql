CREATE TABLE "audience_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"segment_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"click_tracking" boolean DEFAULT false NOT NULL,
	"links" text[] DEFAULT '{}' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_campaigns_id_user_id_key" UNIQUE("id","user_id")
);
--> statement-breakpoint
CREATE TABLE "email_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid,
	"email" text,
	"name" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"bounce_kind" text,
	"message_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"clicks" integer DEFAULT 0 NOT NULL,
	"first_click_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_recipients_campaign_contact_key" UNIQUE("campaign_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"campaign_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_pkey" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
ALTER TABLE "audience_contacts" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "audience_activities" ADD CONSTRAINT "audience_activities_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_activities" ADD CONSTRAINT "audience_activities_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_activities" ADD CONSTRAINT "audience_activities_contact_fk" FOREIGN KEY ("contact_id","user_id") REFERENCES "public"."audience_contacts"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_notes" ADD CONSTRAINT "audience_notes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_notes" ADD CONSTRAINT "audience_notes_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_notes" ADD CONSTRAINT "audience_notes_contact_fk" FOREIGN KEY ("contact_id","user_id") REFERENCES "public"."audience_contacts"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_segment_id_audience_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."audience_segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_recipients" ADD CONSTRAINT "email_recipients_contact_id_audience_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."audience_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_recipients" ADD CONSTRAINT "email_recipients_campaign_fk" FOREIGN KEY ("campaign_id","user_id") REFERENCES "public"."email_campaigns"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_activities_contact_idx" ON "audience_activities" USING btree ("user_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "audience_notes_contact_idx" ON "audience_notes" USING btree ("user_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "email_campaigns_user_idx" ON "email_campaigns" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "email_campaigns_due_idx" ON "email_campaigns" USING btree ("status","send_at");--> statement-breakpoint
CREATE INDEX "email_recipients_campaign_status_idx" ON "email_recipients" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "email_recipients_user_email_idx" ON "email_recipients" USING btree ("user_id","email");--> statement-breakpoint
ALTER TABLE "audience_contacts" ADD CONSTRAINT "audience_contacts_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_contacts_user_stage_idx" ON "audience_contacts" USING btree ("user_id","stage","last_interaction_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "audience_contacts_user_email_idx" ON "audience_contacts" USING btree ("user_id",lower("email"));