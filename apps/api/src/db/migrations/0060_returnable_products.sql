-- Returns and exchanges (PRODUCT section 9, issue 46): a product may be marked not returnable. Every product so far is.
ALTER TABLE "products" ADD COLUMN "returnable" boolean DEFAULT true NOT NULL;
