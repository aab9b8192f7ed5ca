-- No replayed writes. Each accepted signature is remembered for its window, as the SHA-256 of the signature (never
-- the signature itself), in the transaction of the write it signed: a failed write leaves no row, and a concurrent
-- duplicate waits on the unique digest and loses. Rows past their window are deleted by the idempotency-retention
-- job, so the tables stay bounded by the rate limits.

-- Integration API: with the Idempotency-Key it came with (the same signature with the same key replays the stored
-- answer; with another key it is refused 401 INVALID_SIGNATURE).
CREATE TABLE "UsedApiSignature" (
    "digest" CHAR(64) NOT NULL,
    "apiKeyId" UUID NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "UsedApiSignature_pkey" PRIMARY KEY ("digest")
);
CREATE INDEX "UsedApiSignature_expiresAt_idx" ON "UsedApiSignature"("expiresAt");

-- BMS endpoint: a report sent again inside its 5-minute window is refused 401 BAD_SIGNATURE, reason replayed.
CREATE TABLE "UsedBmsSignature" (
    "digest" CHAR(64) NOT NULL,
    "secretId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "UsedBmsSignature_pkey" PRIMARY KEY ("digest")
);
CREATE INDEX "UsedBmsSignature_expiresAt_idx" ON "UsedBmsSignature"("expiresAt");

-- The signature timestamp of the newest BMS report applied to the product: an older report never overwrites it.
ALTER TABLE "Product" ADD COLUMN "bmsReportedAt" TIMESTAMP(3);
