-- The sales report at scale (issue 31, decision 042): its figures of a range read from indexes alone. The orders' own
-- figures from an index on created_at carrying status, governorate, way and total; their lines from order_sales, one
-- narrow row per line, kept in step with orders by the statement-level triggers below (a placed order's lines; a
-- moved order's status), and filled here from the orders already placed.
CREATE TABLE "order_sales" (
	"order_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"product" text NOT NULL,
	"size" text NOT NULL,
	"name" text,
	"name_ar" text,
	"quantity" integer NOT NULL,
	"unit_piastres" bigint NOT NULL,
	CONSTRAINT "order_sales_order_id_line_pk" PRIMARY KEY("order_id","line")
);
--> statement-breakpoint
ALTER TABLE "order_sales" ADD CONSTRAINT "order_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_sales_created_at_idx" ON "order_sales" USING btree ("created_at") INCLUDE ("status", "product", "size", "quantity", "unit_piastres", "name", "name_ar");--> statement-breakpoint
CREATE INDEX "orders_created_at_figures_idx" ON "orders" USING btree ("created_at") INCLUDE ("status", "governorate", "way_for_payment", "total_piastres");--> statement-breakpoint
-- An order's lines as the report counts them: the product's id and name (as the snapshot has them), the size (none:
-- One size), the pieces and what each sold for. On an update, only the orders whose status (or, never in practice,
-- lines or time) changed are written again.
CREATE FUNCTION "order_sales_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM order_sales s USING new_rows n JOIN old_rows o ON o.id = n.id
      WHERE s.order_id = n.id AND (n.status, n.created_at, n.lines) IS DISTINCT FROM (o.status, o.created_at, o.lines);
    INSERT INTO order_sales
      SELECT n.id, l.place::integer, n.created_at, n.status, l.line->'product'->>'_id', coalesce(l.line->>'size', 'One size'), l.line->'product'->>'name',
             l.line->'product'->>'nameAr', (l.line->>'quantity')::integer, (l.line->>'unitPiastres')::bigint
      FROM new_rows n JOIN old_rows o ON o.id = n.id, jsonb_array_elements(n.lines) WITH ORDINALITY l(line, place)
      WHERE (n.status, n.created_at, n.lines) IS DISTINCT FROM (o.status, o.created_at, o.lines);
  ELSE
    INSERT INTO order_sales
      SELECT n.id, l.place::integer, n.created_at, n.status, l.line->'product'->>'_id', coalesce(l.line->>'size', 'One size'), l.line->'product'->>'name',
             l.line->'product'->>'nameAr', (l.line->>'quantity')::integer, (l.line->>'unitPiastres')::bigint
      FROM new_rows n, jsonb_array_elements(n.lines) WITH ORDINALITY l(line, place);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_sales_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_sales_follow"();
--> statement-breakpoint
INSERT INTO order_sales
  SELECT o.id, l.place::integer, o.created_at, o.status, l.line->'product'->>'_id', coalesce(l.line->>'size', 'One size'), l.line->'product'->>'name',
         l.line->'product'->>'nameAr', (l.line->>'quantity')::integer, (l.line->>'unitPiastres')::bigint
  FROM orders o, jsonb_array_elements(o.lines) WITH ORDINALITY l(line, place);
