-- Handover between operators (Art. 77(7) of Regulation (EU) 2023/1542; docs/decisions.md, "Handover between
-- operators"): a company offers a published passport to another company of the service, which accepts (a successor
-- draft linked to the original) or declines; offers expire after 30 days. A successor outside the service is
-- recorded as the address the previous operator states.

CREATE TYPE "HandoverReason" AS ENUM ('PREPARED_FOR_REUSE', 'REPURPOSED', 'REMANUFACTURED');
CREATE TYPE "HandoverStatus" AS ENUM ('OFFERED', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'STATED');

ALTER TABLE "Product" ADD COLUMN "handoverReason" "HandoverReason",
    ADD COLUMN "handedOverAt" TIMESTAMP(3),
    ADD COLUMN "statedSuccessorUri" TEXT;

CREATE TABLE "Handover" (
    "id" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "productId" UUID NOT NULL,
    "fromCompanyId" UUID NOT NULL,
    "toCompanyId" UUID,
    "successorUri" TEXT,
    "reason" "HandoverReason" NOT NULL,
    "status" "HandoverStatus" NOT NULL DEFAULT 'OFFERED',
    "note" TEXT,
    "offeredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),
    "successorId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Handover_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Handover_successorId_key" ON "Handover"("successorId");
CREATE INDEX "Handover_productId_idx" ON "Handover"("productId");
CREATE INDEX "Handover_fromCompanyId_createdAt_idx" ON "Handover"("fromCompanyId", "createdAt");
CREATE INDEX "Handover_toCompanyId_createdAt_idx" ON "Handover"("toCompanyId", "createdAt");
CREATE INDEX "Handover_status_expiresAt_idx" ON "Handover"("status", "expiresAt");
ALTER TABLE "Handover" ADD CONSTRAINT "Handover_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Handover" ADD CONSTRAINT "Handover_fromCompanyId_fkey" FOREIGN KEY ("fromCompanyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Handover" ADD CONSTRAINT "Handover_toCompanyId_fkey" FOREIGN KEY ("toCompanyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Handover" ADD CONSTRAINT "Handover_successorId_fkey" FOREIGN KEY ("successorId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;
