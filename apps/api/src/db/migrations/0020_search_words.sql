-- Each product's search words, one row per lexeme of its search_vector (decision 046): a plain search's total is
-- counted from the primary key alone. COLLATE "C": a word's prefix is a range of the key whatever the database's locale.
CREATE TABLE "search_words" (
	"word" text COLLATE "C" NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "search_words_pk" PRIMARY KEY("word","product_id")
);
--> statement-breakpoint
INSERT INTO "search_words" ("word", "product_id")
  SELECT w, p."id" FROM "products" p, unnest(tsvector_to_array(p."search_vector")) AS w ORDER BY 1, 2;
--> statement-breakpoint
-- New products: once per statement (an import, the seed), from its transition table. A tsvector's lexemes are distinct.
CREATE FUNCTION "search_words_follow_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, product_id)
    SELECT w, n.id FROM new_rows n, unnest(tsvector_to_array(n.search_vector)) AS w ORDER BY 1, 2;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A product whose words changed (its names, description or category) or that is deleted leaves its old words, found by
-- the key (no index on product_id is needed, as a foreign key's cascade would need one); a changed one takes its new.
CREATE FUNCTION "search_words_follow_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words WHERE word = ANY (tsvector_to_array(OLD.search_vector)) AND product_id = OLD.id;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO search_words (word, product_id)
      SELECT w, NEW.id FROM unnest(tsvector_to_array(NEW.search_vector)) AS w ORDER BY 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_follow_insert"();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION "search_words_follow_change"();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_delete" AFTER DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "search_words_follow_change"();
