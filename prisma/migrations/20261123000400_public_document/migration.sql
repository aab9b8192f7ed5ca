-- The current public document of each published passport, serialized once per revision of its product: the JSON
-- served at /api/dpp/{slug} and the JSON-LD, with their strong ETags. A row serves only while its revision equals
-- the product's (lib/passport/public/documents.ts): any change to the product makes it stale in the same commit.
CREATE TABLE "PublicDocument" (
    "productId" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "dpp" TEXT NOT NULL,
    "dppEtag" TEXT NOT NULL,
    "jsonld" TEXT NOT NULL,
    "jsonldEtag" TEXT NOT NULL,
    "builtAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PublicDocument_pkey" PRIMARY KEY ("productId")
);

ALTER TABLE "PublicDocument" ADD CONSTRAINT "PublicDocument_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The company's name is the JSON-LD manufacturer when the passport names none: renaming a company changes the
-- public documents of its products, so it bumps their revisions like any change to the products themselves.
CREATE FUNCTION "bump_company_product_revisions"() RETURNS trigger AS $$
BEGIN
  UPDATE "Product" SET "revision" = "revision" WHERE "companyId" = NEW."id";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Company_name_revision"
  AFTER UPDATE OF "name" ON "Company"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "bump_company_product_revisions"();
