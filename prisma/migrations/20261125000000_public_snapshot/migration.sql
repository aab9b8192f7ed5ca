-- The public view of each published version: the bytes /api/dpp/{slug}/v/{version} serves (restricted fields
-- removed with the schema version the snapshot records) and their SHA-256, made once from verified snapshot bytes
-- (lib/passport/public/snapshot-view.ts). Publication writes it in its own commit; a version published before this
-- table existed gets its row on its first read. "sourceSha256" is the hash of the snapshot it was made from: a view
-- serves only while that equals its version's, and only while its own bytes still match "sha256".
CREATE TABLE "PublicSnapshot" (
    "productId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "sourceSha256" CHAR(64) NOT NULL,
    "builtAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PublicSnapshot_pkey" PRIMARY KEY ("productId", "version")
);

-- Keyed to the product rather than to its version row: PassportVersion refuses TRUNCATE with its own append-only
-- error, which a foreign key pointing at it would pre-empt. A view is only ever read joined to its version.
ALTER TABLE "PublicSnapshot" ADD CONSTRAINT "PublicSnapshot_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
