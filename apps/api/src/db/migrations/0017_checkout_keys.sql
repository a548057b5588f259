CREATE TABLE "checkout_keys" (
	"buyer" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_keys_buyer_key_pk" PRIMARY KEY("buyer","key")
);
