-- A company marked ceased (`admin company cease`): its passports name the https address of their back-up copy on the
-- viewer page and in the public JSON. The two columns are set and cleared together, by the verbs of lib/continuity.
ALTER TABLE "Company" ADD COLUMN "ceasedAt" TIMESTAMP(3);
ALTER TABLE "Company" ADD COLUMN "backupUrl" TEXT;

-- Ceasing or resuming changes every public document and stored page of the company's passports (the notice), so
-- it bumps their revisions in the same commit, as a rename does.
CREATE TRIGGER "Company_continuity_revision"
  AFTER UPDATE OF "ceasedAt", "backupUrl" ON "Company"
  FOR EACH ROW WHEN (OLD."ceasedAt" IS DISTINCT FROM NEW."ceasedAt" OR OLD."backupUrl" IS DISTINCT FROM NEW."backupUrl")
  EXECUTE FUNCTION "bump_company_product_revisions"();
