-- Signed passports (lib/credentials): each company's Ed25519 issuer keys (private halves encrypted with
-- APP_ENCRYPTION_KEY), its Bitstring Status Lists, and one W3C Verifiable Credential per published version.

CREATE TABLE "IssuerKey" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "kid" TEXT NOT NULL,
    "publicJwk" JSONB NOT NULL,
    "privateKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMP(3),
    CONSTRAINT "IssuerKey_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "IssuerKey_companyId_kid_key" ON "IssuerKey"("companyId", "kid");
ALTER TABLE "IssuerKey" ADD CONSTRAINT "IssuerKey_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A pair of lists (revocation, suspension) sharing one index space; each purpose is served as its own signed
-- credential, stored signed so a read never signs.
CREATE TABLE "StatusList" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "permutationKey" BYTEA NOT NULL,
    "allocated" INTEGER NOT NULL DEFAULT 0,
    "revocation" BYTEA NOT NULL,
    "suspension" BYTEA NOT NULL,
    "revocationCredential" TEXT NOT NULL,
    "suspensionCredential" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StatusList_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "StatusList_companyId_number_key" ON "StatusList"("companyId", "number");
ALTER TABLE "StatusList" ADD CONSTRAINT "StatusList_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "PassportCredential" (
    "productId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "statusListId" UUID NOT NULL,
    "statusIndex" INTEGER NOT NULL,
    "kid" TEXT NOT NULL,
    "jwt" TEXT NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PassportCredential_pkey" PRIMARY KEY ("productId", "version")
);
CREATE UNIQUE INDEX "PassportCredential_statusListId_statusIndex_key" ON "PassportCredential"("statusListId", "statusIndex");
ALTER TABLE "PassportCredential" ADD CONSTRAINT "PassportCredential_productId_version_fkey" FOREIGN KEY ("productId", "version") REFERENCES "PassportVersion"("productId", "version") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "PassportCredential" ADD CONSTRAINT "PassportCredential_statusListId_fkey" FOREIGN KEY ("statusListId") REFERENCES "StatusList"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A credential is as append-only as the version it signs.
CREATE TRIGGER "PassportCredential_append_only"
  BEFORE UPDATE OR DELETE ON "PassportCredential"
  FOR EACH ROW EXECUTE FUNCTION "refuse_mutation"();
CREATE TRIGGER "PassportCredential_no_truncate"
  BEFORE TRUNCATE ON "PassportCredential"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_mutation"();
