ALTER TABLE "media_items" ADD COLUMN "had_location" boolean;
-- Null for items uploaded before it was recorded: their stored files no longer tell (decision 047).
