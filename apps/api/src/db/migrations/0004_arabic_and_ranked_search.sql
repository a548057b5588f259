ALTER TABLE "categories" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_ar" text;--> statement-breakpoint
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('simple', coalesce(name_ar, '')), 'A') || setweight(to_tsvector('english', category), 'B') || setweight(to_tsvector('simple', coalesce(category_ar, '')), 'B') || to_tsvector('english', description) || to_tsvector('simple', coalesce(description_ar, ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
