-- EU registry registration (lib/registry): one outbox row per live passport, marked due by the commits that
-- publish, withdraw, deprecate or reinstate it, and brought up to date by the registry worker.

CREATE TYPE "RegistrationStatus" AS ENUM ('PENDING', 'REGISTERED', 'FAILED');

CREATE TABLE "PassportRegistration" (
    "productId" UUID NOT NULL,
    "status" "RegistrationStatus" NOT NULL DEFAULT 'PENDING',
    "registrationId" TEXT,
    "registeredVersion" INTEGER,
    "registeredAt" TIMESTAMP(3),
    "wantedSeq" INTEGER NOT NULL DEFAULT 1,
    "sentSeq" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "lastAttemptAt" TIMESTAMP(3),
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "PassportRegistration_pkey" PRIMARY KEY ("productId")
);
CREATE INDEX "PassportRegistration_nextAttemptAt_idx" ON "PassportRegistration"("nextAttemptAt");
CREATE INDEX "PassportRegistration_status_idx" ON "PassportRegistration"("status");
ALTER TABLE "PassportRegistration" ADD CONSTRAINT "PassportRegistration_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Live passports published before this migration are registered by the worker like new publications.
INSERT INTO "PassportRegistration" ("productId", "updatedAt")
SELECT "id", CURRENT_TIMESTAMP FROM "Product" WHERE "mode" = 'LIVE' AND "version" > 0;
