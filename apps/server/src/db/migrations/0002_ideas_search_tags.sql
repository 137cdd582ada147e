ALTER TABLE "ideas" drop column "search";--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '')), 'B') || setweight(to_tsvector('english', agora_immutable_join(tags)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C') || setweight(to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(category, '') || ' ' || agora_immutable_join(tags) || ' ' || coalesce(description, '')), 'D')) STORED;--> statement-breakpoint
-- Dropping the column dropped its GIN index; recreate it (the snapshot already lists it).
CREATE INDEX IF NOT EXISTS "ideas_search_idx" ON "ideas" USING gin ("search");
