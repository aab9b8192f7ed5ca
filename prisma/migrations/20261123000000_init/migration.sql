-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('ADMIN', 'EDITOR', 'REVIEWER');
CREATE TYPE "Mode" AS ENUM ('LIVE', 'TEST');
CREATE TYPE "ProductState" AS ENUM ('DRAFT', 'SUBMITTED', 'APPROVED', 'WITHDRAWN', 'DEPRECATED');
CREATE TYPE "AccessTier" AS ENUM ('LEGITIMATE_INTEREST', 'AUTHORITY');
CREATE TYPE "PoliRole" AS ENUM ('REPAIRER', 'REMANUFACTURER', 'RECYCLER', 'SECOND_LIFE_OPERATOR', 'ECONOMIC_OPERATOR', 'NOTIFIED_BODY', 'MARKET_SURVEILLANCE_AUTHORITY', 'EUROPEAN_COMMISSION');
CREATE TYPE "PoliRequestStatus" AS ENUM ('PENDING_VERIFICATION', 'PENDING_REVIEW', 'APPROVED', 'REJECTED', 'REVOKED');
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('PENDING', 'SUCCEEDED', 'FAILED');
CREATE TYPE "EmailStatus" AS ENUM ('PENDING', 'SENT', 'FAILED', 'HELD');
CREATE TYPE "GdprRequestKind" AS ENUM ('ACCESS', 'ERASE', 'PORTABILITY');

-- CreateTable
CREATE TABLE "Company" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "country" CHAR(2),
    "registrationNumber" TEXT,
    "contactEmail" TEXT,
    "website" TEXT,
    "address" TEXT,
    "plan" TEXT NOT NULL DEFAULT 'standard',
    "modules" TEXT[] DEFAULT ARRAY['integration_api', 'bms', 'webhooks', 'documents']::TEXT[],
    "maxProducts" INTEGER,
    "maxApiKeys" INTEGER,
    "maxWebhookEndpoints" INTEGER,
    "storageLimitBytes" BIGINT,
    "storageUsedBytes" BIGINT NOT NULL DEFAULT 0,
    "suspendedAt" TIMESTAMP(3),
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT NOT NULL,
    "role" "UserRole" NOT NULL,
    "disabledAt" TIMESTAMP(3),
    "failedLoginCount" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "lastLoginAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Industry" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Industry_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Category" (
    "id" UUID NOT NULL,
    "industryId" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "currentSchemaVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Category_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "CategorySchemaVersion" (
    "id" UUID NOT NULL,
    "categoryId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "fields" JSONB NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CategorySchemaVersion_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Product" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "categoryId" UUID NOT NULL,
    "schemaVersion" INTEGER NOT NULL,
    "mode" "Mode" NOT NULL DEFAULT 'LIVE',
    "state" "ProductState" NOT NULL DEFAULT 'DRAFT',
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "gtin" CHAR(14),
    "serialNumber" TEXT,
    "batchNumber" TEXT,
    "lockVersion" INTEGER NOT NULL DEFAULT 1,
    "formData" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "publishedAt" TIMESTAMP(3),
    "lastPublishedAt" TIMESTAMP(3),
    "submittedAt" TIMESTAMP(3),
    "rejectionReason" TEXT,
    "withdrawnAt" TIMESTAMP(3),
    "withdrawalReason" TEXT,
    "withdrawalOperatorDetails" TEXT,
    "withdrawalManufacturerContact" TEXT,
    "successorId" UUID,
    "deprecatedAt" TIMESTAMP(3),
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "PassportVersion" (
    "id" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "snapshot" BYTEA NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "byteLength" INTEGER NOT NULL,
    "schemaVersion" INTEGER NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedById" UUID,
    CONSTRAINT "PassportVersion_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Supplier" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "country" CHAR(2),
    "identifier" TEXT,
    "contactEmail" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Supplier_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "SupplierLink" (
    "id" UUID NOT NULL,
    "supplierId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SupplierLink_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "TraceabilityEntry" (
    "id" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "supplierId" UUID,
    "stage" TEXT NOT NULL,
    "material" TEXT,
    "country" CHAR(2),
    "description" TEXT,
    "documentUrl" TEXT,
    "occurredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TraceabilityEntry_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ComponentLink" (
    "id" UUID NOT NULL,
    "parentId" UUID NOT NULL,
    "childId" UUID NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "role" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ComponentLink_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Gs1Prefix" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Gs1Prefix_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Document" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "documentType" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "language" TEXT,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "byteLength" INTEGER NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "storageKey" TEXT NOT NULL,
    "uploadedByKeyId" UUID,
    "uploadedByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ApiKey" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "displayPrefix" TEXT NOT NULL,
    "keyHash" CHAR(64) NOT NULL,
    "scopes" TEXT[],
    "allowedCidrs" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "signingSecretEnc" TEXT,
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "graceUntil" TIMESTAMP(3),
    "rotatedFromId" UUID,
    "lastUsedAt" TIMESTAMP(3),
    "createdByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "IdempotencyRecord" (
    "id" UUID NOT NULL,
    "apiKeyId" UUID NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "bodyHash" CHAR(64) NOT NULL,
    "responseStatus" INTEGER,
    "responseHeaders" JSONB,
    "responseBody" BYTEA,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "WebhookEndpoint" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "eventTypes" TEXT[],
    "secretEnc" TEXT NOT NULL,
    "previousSecretEnc" TEXT,
    "previousSecretExpiresAt" TIMESTAMP(3),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "failingSince" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "WebhookEvent" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "WebhookDelivery" (
    "id" UUID NOT NULL,
    "endpointId" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "lastAttemptAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "WebhookAttempt" (
    "id" UUID NOT NULL,
    "deliveryId" UUID NOT NULL,
    "attemptNumber" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "durationMs" INTEGER NOT NULL,
    "responseStatus" INTEGER,
    "responseExcerpt" TEXT,
    "error" TEXT,
    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ErpMapping" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "categoryId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "columns" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "ErpMapping_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "BmsSecret" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT,
    "secretHash" CHAR(64) NOT NULL,
    "productIds" UUID[] DEFAULT ARRAY[]::UUID[],
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BmsSecret_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "LifetimeCounters" (
    "productId" UUID NOT NULL,
    "timeAtTempExtremeLowSec" DOUBLE PRECISION,
    "timeAtTempLowSec" DOUBLE PRECISION,
    "timeAtTempHighSec" DOUBLE PRECISION,
    "timeAtTempExtremeHighSec" DOUBLE PRECISION,
    "totalEnergyThroughputKwh" DOUBLE PRECISION,
    "totalEnergyThroughputAh" DOUBLE PRECISION,
    "deepDischargeEvents" DOUBLE PRECISION,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "LifetimeCounters_pkey" PRIMARY KEY ("productId")
);

CREATE TABLE "AuditLog" (
    "id" UUID NOT NULL,
    "companyId" UUID,
    "productId" UUID,
    "eventType" TEXT NOT NULL,
    "actorRole" TEXT NOT NULL,
    "actorId" TEXT,
    "eventChannel" TEXT NOT NULL,
    "eventContext" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "PoliRequest" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "organisation" TEXT NOT NULL,
    "role" "PoliRole" NOT NULL,
    "tier" "AccessTier" NOT NULL,
    "status" "PoliRequestStatus" NOT NULL DEFAULT 'PENDING_VERIFICATION',
    "verificationTokenHash" CHAR(64),
    "verificationExpiresAt" TIMESTAMP(3),
    "verifiedAt" TIMESTAMP(3),
    "accessTokenHash" CHAR(64),
    "accessTokenExpiresAt" TIMESTAMP(3),
    "accessTokenUsedAt" TIMESTAMP(3),
    "decidedAt" TIMESTAMP(3),
    "decidedByUserId" UUID,
    "rejectionReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "PoliRequest_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "PoliGrant" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "tier" "AccessTier" NOT NULL,
    "sessionHash" CHAR(64) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "lastSeenAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PoliGrant_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "EmailOutbox" (
    "id" UUID NOT NULL,
    "companyId" UUID,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "links" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" "EmailStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "providerId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    CONSTRAINT "EmailOutbox_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "GdprRequest" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "kind" "GdprRequestKind" NOT NULL,
    "subjectHash" CHAR(64) NOT NULL,
    "requestedByKeyId" UUID,
    "summary" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),
    CONSTRAINT "GdprRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Company_slug_key" ON "Company"("slug");
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE INDEX "User_companyId_idx" ON "User"("companyId");
CREATE UNIQUE INDEX "Industry_code_key" ON "Industry"("code");
CREATE UNIQUE INDEX "Category_code_key" ON "Category"("code");
CREATE INDEX "Category_industryId_idx" ON "Category"("industryId");
CREATE UNIQUE INDEX "CategorySchemaVersion_categoryId_version_key" ON "CategorySchemaVersion"("categoryId", "version");
CREATE UNIQUE INDEX "Product_slug_key" ON "Product"("slug");
CREATE UNIQUE INDEX "Product_companyId_mode_name_key" ON "Product"("companyId", "mode", "name");
CREATE UNIQUE INDEX "Product_gtin_serialNumber_key" ON "Product"("gtin", "serialNumber");
CREATE INDEX "Product_companyId_mode_state_idx" ON "Product"("companyId", "mode", "state");
CREATE INDEX "Product_companyId_updatedAt_idx" ON "Product"("companyId", "updatedAt");
CREATE INDEX "Product_gtin_batchNumber_idx" ON "Product"("gtin", "batchNumber");
CREATE INDEX "Product_categoryId_idx" ON "Product"("categoryId");
CREATE INDEX "Product_successorId_idx" ON "Product"("successorId");
CREATE UNIQUE INDEX "PassportVersion_productId_version_key" ON "PassportVersion"("productId", "version");
CREATE UNIQUE INDEX "Supplier_companyId_name_key" ON "Supplier"("companyId", "name");
CREATE INDEX "SupplierLink_companyId_idx" ON "SupplierLink"("companyId");
CREATE UNIQUE INDEX "SupplierLink_supplierId_companyId_key" ON "SupplierLink"("supplierId", "companyId");
CREATE INDEX "TraceabilityEntry_productId_idx" ON "TraceabilityEntry"("productId");
CREATE INDEX "TraceabilityEntry_supplierId_idx" ON "TraceabilityEntry"("supplierId");
CREATE INDEX "ComponentLink_childId_idx" ON "ComponentLink"("childId");
CREATE UNIQUE INDEX "ComponentLink_parentId_childId_key" ON "ComponentLink"("parentId", "childId");
CREATE UNIQUE INDEX "Gs1Prefix_companyId_prefix_key" ON "Gs1Prefix"("companyId", "prefix");
CREATE UNIQUE INDEX "Document_storageKey_key" ON "Document"("storageKey");
CREATE INDEX "Document_productId_idx" ON "Document"("productId");
CREATE INDEX "Document_companyId_idx" ON "Document"("companyId");
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");
CREATE INDEX "ApiKey_companyId_idx" ON "ApiKey"("companyId");
CREATE INDEX "IdempotencyRecord_expiresAt_idx" ON "IdempotencyRecord"("expiresAt");
CREATE UNIQUE INDEX "IdempotencyRecord_apiKeyId_idempotencyKey_key" ON "IdempotencyRecord"("apiKeyId", "idempotencyKey");
CREATE INDEX "WebhookEndpoint_companyId_mode_idx" ON "WebhookEndpoint"("companyId", "mode");
CREATE INDEX "WebhookEvent_companyId_createdAt_idx" ON "WebhookEvent"("companyId", "createdAt");
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");
CREATE UNIQUE INDEX "WebhookDelivery_endpointId_eventId_key" ON "WebhookDelivery"("endpointId", "eventId");
CREATE UNIQUE INDEX "WebhookAttempt_deliveryId_attemptNumber_key" ON "WebhookAttempt"("deliveryId", "attemptNumber");
CREATE UNIQUE INDEX "ErpMapping_companyId_name_key" ON "ErpMapping"("companyId", "name");
CREATE UNIQUE INDEX "BmsSecret_secretHash_key" ON "BmsSecret"("secretHash");
CREATE INDEX "BmsSecret_companyId_idx" ON "BmsSecret"("companyId");
CREATE INDEX "AuditLog_companyId_createdAt_idx" ON "AuditLog"("companyId", "createdAt");
CREATE INDEX "AuditLog_productId_createdAt_idx" ON "AuditLog"("productId", "createdAt");
CREATE UNIQUE INDEX "PoliRequest_verificationTokenHash_key" ON "PoliRequest"("verificationTokenHash");
CREATE UNIQUE INDEX "PoliRequest_accessTokenHash_key" ON "PoliRequest"("accessTokenHash");
CREATE INDEX "PoliRequest_companyId_status_idx" ON "PoliRequest"("companyId", "status");
CREATE INDEX "PoliRequest_email_idx" ON "PoliRequest"("email");
CREATE INDEX "PoliRequest_productId_idx" ON "PoliRequest"("productId");
CREATE UNIQUE INDEX "PoliGrant_sessionHash_key" ON "PoliGrant"("sessionHash");
CREATE INDEX "PoliGrant_requestId_idx" ON "PoliGrant"("requestId");
CREATE INDEX "EmailOutbox_to_idx" ON "EmailOutbox"("to");
CREATE INDEX "EmailOutbox_status_createdAt_idx" ON "EmailOutbox"("status", "createdAt");
CREATE INDEX "GdprRequest_companyId_createdAt_idx" ON "GdprRequest"("companyId", "createdAt");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Category" ADD CONSTRAINT "Category_industryId_fkey" FOREIGN KEY ("industryId") REFERENCES "Industry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "CategorySchemaVersion" ADD CONSTRAINT "CategorySchemaVersion_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Product" ADD CONSTRAINT "Product_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Product" ADD CONSTRAINT "Product_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Product" ADD CONSTRAINT "Product_successorId_fkey" FOREIGN KEY ("successorId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "PassportVersion" ADD CONSTRAINT "PassportVersion_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Supplier" ADD CONSTRAINT "Supplier_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SupplierLink" ADD CONSTRAINT "SupplierLink_supplierId_fkey" FOREIGN KEY ("supplierId") REFERENCES "Supplier"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SupplierLink" ADD CONSTRAINT "SupplierLink_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "TraceabilityEntry" ADD CONSTRAINT "TraceabilityEntry_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "TraceabilityEntry" ADD CONSTRAINT "TraceabilityEntry_supplierId_fkey" FOREIGN KEY ("supplierId") REFERENCES "Supplier"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ComponentLink" ADD CONSTRAINT "ComponentLink_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ComponentLink" ADD CONSTRAINT "ComponentLink_childId_fkey" FOREIGN KEY ("childId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Gs1Prefix" ADD CONSTRAINT "Gs1Prefix_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Document" ADD CONSTRAINT "Document_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Document" ADD CONSTRAINT "Document_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookEvent" ADD CONSTRAINT "WebhookEvent_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "WebhookEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ErpMapping" ADD CONSTRAINT "ErpMapping_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ErpMapping" ADD CONSTRAINT "ErpMapping_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "BmsSecret" ADD CONSTRAINT "BmsSecret_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LifetimeCounters" ADD CONSTRAINT "LifetimeCounters_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "PoliRequest" ADD CONSTRAINT "PoliRequest_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PoliRequest" ADD CONSTRAINT "PoliRequest_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PoliGrant" ADD CONSTRAINT "PoliGrant_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "PoliRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PoliGrant" ADD CONSTRAINT "PoliGrant_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PoliGrant" ADD CONSTRAINT "PoliGrant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EmailOutbox" ADD CONSTRAINT "EmailOutbox_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "GdprRequest" ADD CONSTRAINT "GdprRequest_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
