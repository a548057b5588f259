-- A product's reviews summed in its own row (decision 047): the cards of a listing read their ratings with the products,
-- where a subquery counted each product's reviews for every card of every listing.
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_stars" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fit_small" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fit_true" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fit_large" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "rating_count" = r.n, "rating_stars" = r.stars, "fit_small" = r.small, "fit_true" = r.true_to_size, "fit_large" = r.large
  FROM (SELECT product_id, count(*)::int AS n, sum(rating)::int AS stars, count(*) FILTER (WHERE fit = 'small')::int AS small,
               count(*) FILTER (WHERE fit = 'true')::int AS true_to_size, count(*) FILTER (WHERE fit = 'large')::int AS large
          FROM "reviews" GROUP BY product_id) r
  WHERE p."id" = r.product_id;
--> statement-breakpoint
-- A review written or removed (or, should one ever be, changed) moves its product's sums, in the same transaction. A
-- review removed with its product (ON DELETE CASCADE) finds no row to change.
CREATE FUNCTION "product_ratings_follow_reviews"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE products SET rating_count = rating_count - 1, rating_stars = rating_stars - OLD.rating,
        fit_small = fit_small - (OLD.fit = 'small')::int, fit_true = fit_true - (OLD.fit = 'true')::int, fit_large = fit_large - (OLD.fit = 'large')::int
      WHERE id = OLD.product_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE products SET rating_count = rating_count + 1, rating_stars = rating_stars + NEW.rating,
        fit_small = fit_small + (NEW.fit = 'small')::int, fit_true = fit_true + (NEW.fit = 'true')::int, fit_large = fit_large + (NEW.fit = 'large')::int
      WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_product_ratings" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "product_ratings_follow_reviews"();
