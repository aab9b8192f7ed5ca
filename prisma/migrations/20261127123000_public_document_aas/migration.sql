-- The AAS export (docs/decisions.md, "AAS export"): the passport's Asset Administration Shell environment is stored
-- beside its JSON and JSON-LD, built once per revision with them. Nullable: a document stored before this column
-- existed has none and is rebuilt, all three forms together, by its next read.
ALTER TABLE "PublicDocument" ADD COLUMN "aas" TEXT,
    ADD COLUMN "aasEtag" TEXT;
