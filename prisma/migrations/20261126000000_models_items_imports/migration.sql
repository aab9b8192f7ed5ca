-- Issuance at production volume: battery models and the items that inherit their data, import jobs that apply an
-- ERP file row by row, and batch runs (an import's publication or rejection, a model's items re-published).
CREATE TYPE "ProductKind" AS ENUM ('STANDALONE', 'MODEL', 'ITEM');
CREATE TYPE "ImportStatus" AS ENUM ('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED');
CREATE TYPE "BatchRunKind" AS ENUM ('PUBLISH_IMPORT', 'REJECT_IMPORT', 'REPUBLISH_ITEMS');
CREATE TYPE "BatchRunStatus" AS ENUM ('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED');

-- Every existing product is a standalone passport: its own model.
ALTER TABLE "Product" ADD COLUMN "kind" "ProductKind" NOT NULL DEFAULT 'STANDALONE',
  ADD COLUMN "modelId" UUID,
  ADD COLUMN "modelVersion" INTEGER,
  ADD COLUMN "reviewImportId" UUID;

CREATE TABLE "ImportJob" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "categoryId" UUID NOT NULL,
    "mappingId" UUID,
    "modelId" UUID,
    "format" TEXT NOT NULL,
    "fileName" TEXT,
    "storageKey" TEXT NOT NULL,
    "byteLength" INTEGER NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "status" "ImportStatus" NOT NULL DEFAULT 'QUEUED',
    "total" INTEGER,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "failureReason" TEXT,
    "actorRole" TEXT NOT NULL,
    "actorId" TEXT,
    "actorChannel" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "cancelRequestedAt" TIMESTAMP(3),
    "submittedAt" TIMESTAMP(3),
    "submittedCount" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ImportRow" (
    "importId" UUID NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "productId" UUID,
    "outcome" TEXT NOT NULL,
    CONSTRAINT "ImportRow_pkey" PRIMARY KEY ("importId", "rowNumber")
);

CREATE TABLE "ImportRowError" (
    "id" UUID NOT NULL,
    "importId" UUID NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "column" TEXT,
    "fieldId" TEXT,
    "code" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    CONSTRAINT "ImportRowError_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "BatchRun" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "kind" "BatchRunKind" NOT NULL,
    "subjectId" UUID NOT NULL,
    "subjectVersion" INTEGER,
    "status" "BatchRunStatus" NOT NULL DEFAULT 'QUEUED',
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "reason" TEXT,
    "actorRole" TEXT NOT NULL,
    "actorId" TEXT,
    "actorChannel" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "BatchRun_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Product_modelId_serialNumber_key" ON "Product"("modelId", "serialNumber");
CREATE INDEX "Product_modelId_batchNumber_idx" ON "Product"("modelId", "batchNumber");
CREATE INDEX "Product_reviewImportId_state_idx" ON "Product"("reviewImportId", "state");
CREATE INDEX "ImportJob_companyId_mode_createdAt_idx" ON "ImportJob"("companyId", "mode", "createdAt");
CREATE INDEX "ImportRow_importId_productId_idx" ON "ImportRow"("importId", "productId");
CREATE INDEX "ImportRowError_importId_rowNumber_idx" ON "ImportRowError"("importId", "rowNumber");
CREATE INDEX "BatchRun_companyId_subjectId_createdAt_idx" ON "BatchRun"("companyId", "subjectId", "createdAt");

ALTER TABLE "Product" ADD CONSTRAINT "Product_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Product" ADD CONSTRAINT "Product_reviewImportId_fkey" FOREIGN KEY ("reviewImportId") REFERENCES "ImportJob"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ImportRow" ADD CONSTRAINT "ImportRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ImportRowError" ADD CONSTRAINT "ImportRowError_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "BatchRun" ADD CONSTRAINT "BatchRun_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
