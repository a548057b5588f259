ALTER TABLE "categories" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_ar" text;--> statement-breakpoint
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('simple', coalesce(name_ar, '')), 'A') || setweight(to_tsvector('english', category), 'B') || setweight(to_tsvector('simple', coalesce(category_ar, '')), 'B') || to_tsvector('english', description) || to_tsvector('simple', coalesce(description_ar, ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
CREATE TABLE "product_counts" (
	"category_id" uuid NOT NULL,
	"gender" text NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "product_counts_category_id_gender_pk" PRIMARY KEY("category_id","gender"),
	CONSTRAINT "product_counts_products_check" CHECK ("product_counts"."products" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_counts" ADD CONSTRAINT "product_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "product_counts" ("category_id", "gender", "products")
  SELECT "category_id", "gender", count(*)::int FROM "products" GROUP BY "category_id", "gender";
--> statement-breakpoint
-- One function for the three statement-level triggers below: each statement changes the counts once, by category and
-- gender, however many products it touches (a bulk insert included). Rows are upserted in key order, so two
-- statements never wait on each other's rows in opposite orders.
CREATE FUNCTION "product_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts AS pc (category_id, gender, products)
      SELECT category_id, gender, count(*)::int FROM new_rows GROUP BY category_id, gender ORDER BY category_id, gender
      ON CONFLICT (category_id, gender) DO UPDATE SET products = pc.products + excluded.products;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE product_counts pc SET products = pc.products - gone.n
      FROM (SELECT category_id, gender, count(*)::int AS n FROM old_rows GROUP BY category_id, gender) gone
      WHERE pc.category_id = gone.category_id AND pc.gender = gone.gender;
  ELSE
    -- only products moved to another category or gender change anything: the old one loses them, then the new one
    -- gains them (in two statements, as a row never goes below zero, not even as the proposed row of an upsert)
    UPDATE product_counts pc SET products = pc.products + moved.n
      FROM (
        SELECT category_id, gender, sum(n)::int AS n FROM (
          SELECT category_id, gender, 1 AS n FROM new_rows UNION ALL SELECT category_id, gender, -1 FROM old_rows
        ) delta GROUP BY category_id, gender HAVING sum(n) < 0
      ) moved
      WHERE pc.category_id = moved.category_id AND pc.gender = moved.gender;
    INSERT INTO product_counts AS pc (category_id, gender, products)
      SELECT category_id, gender, sum(n)::int FROM (
        SELECT category_id, gender, 1 AS n FROM new_rows UNION ALL SELECT category_id, gender, -1 FROM old_rows
      ) delta
      GROUP BY category_id, gender HAVING sum(n) > 0 ORDER BY category_id, gender
      ON CONFLICT (category_id, gender) DO UPDATE SET products = pc.products + excluded.products;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_count_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "products_count_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "products_count_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_follow"();
