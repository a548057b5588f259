CREATE TABLE "product_sizes" (
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"position" integer NOT NULL,
	"stock" integer,
	CONSTRAINT "product_sizes_product_id_size_pk" PRIMARY KEY("product_id","size"),
	CONSTRAINT "product_sizes_stock_check" CHECK ("product_sizes"."stock" >= 0)
);
--> statement-breakpoint
DROP INDEX "cart_items_user_product_key";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "size" text DEFAULT 'One size' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing products come in one size, not tracked; existing cart lines and order lines are in that size.
INSERT INTO "product_sizes" ("product_id", "size", "position", "stock") SELECT "id", 'One size', 0, NULL FROM "products";--> statement-breakpoint
UPDATE "orders" SET "lines" = (SELECT coalesce(jsonb_agg(CASE WHEN "line" ? 'size' THEN "line" ELSE "line" || '{"size":"One size"}'::jsonb END ORDER BY "n"), '[]'::jsonb) FROM jsonb_array_elements("orders"."lines") WITH ORDINALITY AS "l"("line", "n"));--> statement-breakpoint
UPDATE "idempotency_keys" SET "response_body" = jsonb_set("response_body", '{products}', (SELECT coalesce(jsonb_agg(CASE WHEN "line" ? 'size' THEN "line" ELSE "line" || '{"size":"One size"}'::jsonb END ORDER BY "n"), '[]'::jsonb) FROM jsonb_array_elements("idempotency_keys"."response_body"->'products') WITH ORDINALITY AS "l"("line", "n"))) WHERE jsonb_typeof("response_body"->'products') = 'array';--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_product_size_key" ON "cart_items" USING btree ("user_id","product_id","size");