-- Confirming cash orders by WhatsApp (PRODUCT section 9, issue 44, decision 063): the ids of the messages Meta's
-- webhook brought, so a button delivered twice is applied once. Meta's opaque id alone: no phone, no text.
CREATE TABLE "whatsapp_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
