ALTER TABLE "media_items" ADD COLUMN "location_removed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Images have always been re-encoded without metadata on upload; videos kept theirs until now.
UPDATE "media_items" SET "location_removed" = true WHERE "kind" = 'image';
