-- The rendered viewer page of each published passport at its canonical address (and at /dpp/{slug}), stored once
-- per revision of its product and per build: what an anonymous browser is sent, with the script nonce left as a
-- placeholder that every answer replaces with its own. A row serves only while its revision equals the product's
-- and its build and base address are the running ones (lib/passport/public/page-store.ts). The HTML is stored
-- gzip-compressed, so PostgreSQL keeps it out of line without compressing it again.
CREATE TABLE "PublicPage" (
    "path" TEXT NOT NULL,
    "productId" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "build" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "html" BYTEA NOT NULL,
    "sha256" TEXT NOT NULL,
    "builtAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PublicPage_pkey" PRIMARY KEY ("path")
);

ALTER TABLE "PublicPage" ALTER COLUMN "html" SET STORAGE EXTERNAL;

CREATE INDEX "PublicPage_productId_idx" ON "PublicPage"("productId");

ALTER TABLE "PublicPage" ADD CONSTRAINT "PublicPage_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
