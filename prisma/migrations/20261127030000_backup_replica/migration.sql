-- Back-up replication (lib/backup): the product revision last copied to BACKUP_TARGET, per live passport. No
-- trigger and no write path marks a row: a passport is due while its Product.revision (bumped on every change of
-- the row) is newer than the one recorded here, or while it has no row yet.

CREATE TABLE "BackupReplica" (
    "productId" UUID NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT -1,
    "replicatedAt" TIMESTAMP(3),
    "dueSince" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMP(3),
    CONSTRAINT "BackupReplica_pkey" PRIMARY KEY ("productId")
);
ALTER TABLE "BackupReplica" ADD CONSTRAINT "BackupReplica_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
