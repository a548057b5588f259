-- Shipping with a courier (PRODUCT section 9, issue 45, decision 064): an order's parcel with a courier, written
-- `pending` before the courier is asked (a crash between the two makes no second parcel), and each word of the courier
-- about a parcel, kept once.
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"tracking_number" text,
	"courier_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"state_code" integer,
	"state_at" timestamp with time zone,
	"cod_piastres" bigint NOT NULL,
	"cod_collected_piastres" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"exception" text,
	"package_type" text DEFAULT 'parcel' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"allow_opening" boolean DEFAULT false NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_state_check" CHECK ("state" in ('pending', 'created', 'picked-up', 'in-transit', 'out-for-delivery', 'delivered', 'exception', 'returned', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_open_order_key" ON "shipments" USING btree ("order_id") WHERE "shipments"."state" <> 'ended';--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_reference_key" ON "shipments" USING btree ("courier","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_key" ON "shipments" USING btree ("courier","tracking_number");--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("updated_at") WHERE "shipments"."state" not in ('delivered', 'returned', 'ended');--> statement-breakpoint
CREATE INDEX "shipments_delivered_at_idx" ON "shipments" USING btree ("delivered_at") WHERE "shipments"."delivered_at" is not null;--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"courier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"code" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_events_pk" PRIMARY KEY("courier","tracking_number","code","at")
);
