ALTER TABLE "products" ADD COLUMN "style" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_name_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_hex" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "paid_piastres" integer GENERATED ALWAYS AS (((price_piastres::bigint * (100 - discount_percent) + 50) / 100)::integer) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_paid_idx" ON "products" USING btree ("paid_piastres","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_paid_desc_idx" ON "products" USING btree ("paid_piastres" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("discount_percent" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_style_idx" ON "products" USING btree ("style");--> statement-breakpoint
CREATE INDEX "products_color_idx" ON "products" USING btree (lower("color_name"));