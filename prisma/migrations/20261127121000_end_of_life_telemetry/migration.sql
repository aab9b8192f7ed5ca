-- End of life (Art. 77(8) of Regulation 2023/1542): the date a battery was recycled, how long its passport stays
-- readable after it, and the operator's statement. A recycled passport is frozen; the end-of-life job closes it once
-- the retention period is over.
ALTER TABLE "Product" ADD COLUMN "recycledAt" TIMESTAMP(3),
    ADD COLUMN "recycledRetainUntil" TIMESTAMP(3),
    ADD COLUMN "recycledNote" TEXT;

-- The history of dynamic data (Annex XIII point 4): one row per applied BMS report. Read per passport by time
-- (btree on productId, reportedAt, id: the series and its cursor); purged by age (BRIN on receivedAt, which grows
-- with the insertion order, so the purge finds old pages for a few kilobytes of index). Not partitioned: see
-- docs/decisions.md.
CREATE TABLE "TelemetryReport" (
    "id" BIGSERIAL NOT NULL,
    "productId" UUID NOT NULL,
    "reportedAt" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "values" JSONB NOT NULL,

    CONSTRAINT "TelemetryReport_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "TelemetryReport_productId_reportedAt_id_idx" ON "TelemetryReport"("productId", "reportedAt", "id");
CREATE INDEX "TelemetryReport_receivedAt_brin" ON "TelemetryReport" USING BRIN ("receivedAt");

ALTER TABLE "TelemetryReport" ADD CONSTRAINT "TelemetryReport_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
