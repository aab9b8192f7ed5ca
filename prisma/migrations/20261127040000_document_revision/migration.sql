-- An evidence document added to a passport or removed from it is a change of the passport: it bumps the product's
-- revision in the same commit (through the row's own revision trigger, leaving updatedAt as it was), so the back-up
-- worker (lib/backup), which copies passports whose revision moved, copies the document too.
CREATE FUNCTION "bump_document_product_revision"() RETURNS trigger AS $$
BEGIN
  UPDATE "Product" SET "updatedAt" = "updatedAt"
  WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."productId" ELSE NEW."productId" END;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Document_product_revision"
  AFTER INSERT OR DELETE ON "Document"
  FOR EACH ROW EXECUTE FUNCTION "bump_document_product_revision"();
