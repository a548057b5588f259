CREATE TABLE "cart_coupons" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal_piastres" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK (kind in ('percent', 'fixed', 'free-shipping')),
	CONSTRAINT "coupons_uses_check" CHECK ("coupons"."max_uses" is null or "coupons"."uses" <= "coupons"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"governorate" text PRIMARY KEY NOT NULL,
	"fee_piastres" integer NOT NULL,
	"cod_fee_piastres" integer NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"free_over_piastres" integer,
	"enabled" boolean NOT NULL,
	CONSTRAINT "shipping_rates_amounts_check" CHECK ("shipping_rates"."fee_piastres" >= 0 and "shipping_rates"."cod_fee_piastres" >= 0 and ("shipping_rates"."free_over_piastres" is null or "shipping_rates"."free_over_piastres" > 0)),
	CONSTRAINT "shipping_rates_days_check" CHECK (0 <= "shipping_rates"."min_days" and "shipping_rates"."min_days" <= "shipping_rates"."max_days")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_piastres" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_piastres" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_piastres" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_piastres" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_token_hash" text;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id") WHERE "orders"."coupon_id" is not null;