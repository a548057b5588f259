-- What one shopper may hold without paying, and codes counted per mailbox (issue 41, decision 051): each order keeps
-- the client address it was placed from and the key of its email (lowercase, no +tag, Gmail's dots dropped: shop-core's
-- emailKey). The orders placed before it get the key by the same rule; their address is not known.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "client_ip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "email_key" text;--> statement-breakpoint
UPDATE "orders" SET "email_key" = CASE
    WHEN split_part(lower(trim("email")), '@', 2) IN ('gmail.com', 'googlemail.com')
      THEN replace(split_part(split_part(lower(trim("email")), '@', 1), '+', 1), '.', '') || '@gmail.com'
    WHEN position('@' in "email") > 1
      THEN split_part(split_part(lower(trim("email")), '@', 1), '+', 1) || '@' || split_part(lower(trim("email")), '@', 2)
    ELSE lower(trim("email"))
  END
  WHERE "email_key" IS NULL;--> statement-breakpoint
-- a code's uses by mailbox
CREATE INDEX IF NOT EXISTS "orders_coupon_email_key_idx" ON "orders" USING btree ("coupon_id", "email_key") WHERE "coupon_id" is not null;--> statement-breakpoint
-- the open orders not yet paid for (a guest's not yet shipped, any awaiting its payment), by address and by mailbox
CREATE INDEX IF NOT EXISTS "orders_held_by_ip_idx" ON "orders" USING btree ("client_ip") WHERE "status" = 'awaiting-payment' or ("user_id" is null and "status" = 'accepted');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_held_by_email_idx" ON "orders" USING btree ("email_key") WHERE "status" = 'awaiting-payment' or ("user_id" is null and "status" = 'accepted');
