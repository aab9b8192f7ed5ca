-- Every change to a product row bumps its revision, whichever code path (or manual query) made it: the public
-- read cache compares this one number to know whether the document it holds is still current.
ALTER TABLE "Product" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION "bump_product_revision"() RETURNS trigger AS $$
BEGIN
  NEW."revision" := OLD."revision" + 1;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Product_revision"
  BEFORE UPDATE ON "Product"
  FOR EACH ROW EXECUTE FUNCTION "bump_product_revision"();
