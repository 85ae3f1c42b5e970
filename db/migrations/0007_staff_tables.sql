ALTER TABLE "user_roles" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "accepted_by" uuid;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_accepted_by_profiles_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;