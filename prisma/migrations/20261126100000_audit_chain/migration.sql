-- A tamper-evident audit trail (docs/decisions.md, "A tamper-evident audit trail"; the encoding is in
-- docs/data-model.md, "Audit chain"). Every AuditLog row carries the SHA-256 of its canonical content chained to
-- the previous row of its company (companyId NULL: the platform chain); every PassportVersion row chains to the
-- product's previous version. BEFORE INSERT triggers compute both, so every writer stays one statement.
-- `npm run -s admin -- audit verify` (lib/audit-chain/verify.ts) recomputes them without the database's help.

-- One field of the canonical encoding: `-` for NULL, else the UTF-8 octet length, a colon and the text.
CREATE FUNCTION "chain_field"(value text) RETURNS text AS $$
  SELECT CASE WHEN value IS NULL THEN '-' ELSE length(convert_to(value, 'UTF8'))::text || ':' || value END
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION "chain_sha256"(content text) RETURNS char(64) AS $$
  SELECT encode(sha256(convert_to(content, 'UTF8')), 'hex')
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

-- A timestamp(3) without time zone (Prisma stores UTC) as the verifier writes it.
CREATE FUNCTION "chain_time"(at timestamp) RETURNS text AS $$
  SELECT to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.US')
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

-- The columns GDPR erasure may pseudonymise are covered through this digest, which erasure leaves as written.
CREATE FUNCTION "audit_personal_digest"(actor_id text, event_context jsonb) RETURNS char(64) AS $$
  SELECT "chain_sha256"("chain_field"(actor_id) || "chain_field"(event_context::text))
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION "audit_chain_hash"(
  prev_hash text, seq bigint, id uuid, company_id uuid, product_id uuid, event_type text, actor_role text,
  event_channel text, created_at timestamp, personal_digest text
) RETURNS char(64) AS $$
  SELECT "chain_sha256"(
    "chain_field"('audit/1') || "chain_field"(prev_hash) || "chain_field"(seq::text) || "chain_field"(id::text)
    || "chain_field"(company_id::text) || "chain_field"(product_id::text) || "chain_field"(event_type)
    || "chain_field"(actor_role) || "chain_field"(event_channel) || "chain_field"("chain_time"(created_at))
    || "chain_field"(personal_digest))
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION "version_chain_hash"(
  prev_hash text, id uuid, product_id uuid, version integer, snapshot_sha256 text, byte_length integer,
  schema_version integer, published_at timestamp, published_by_id uuid
) RETURNS char(64) AS $$
  SELECT "chain_sha256"(
    "chain_field"('version/1') || "chain_field"(prev_hash) || "chain_field"(id::text)
    || "chain_field"(product_id::text) || "chain_field"(version::text) || "chain_field"(snapshot_sha256)
    || "chain_field"(byte_length::text) || "chain_field"(schema_version::text)
    || "chain_field"("chain_time"(published_at)) || "chain_field"(published_by_id::text))
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

-- The head of each audit chain: key = the company's id, or 'platform' for rows without a company.
CREATE TABLE "AuditChainHead" (
    "key" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "head" CHAR(64) NOT NULL,
    CONSTRAINT "AuditChainHead_pkey" PRIMARY KEY ("key")
);

-- The defaults only let writers omit the columns: the BEFORE INSERT triggers below always set them.
ALTER TABLE "AuditLog"
  ADD COLUMN "chainSeq" BIGINT NOT NULL DEFAULT 0,
  ADD COLUMN "prevHash" CHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN "chainHash" CHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN "personalDigest" CHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN "erasedAt" TIMESTAMP(3);
ALTER TABLE "PassportVersion"
  ADD COLUMN "prevHash" CHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN "chainHash" CHAR(64) NOT NULL DEFAULT '';

-- Backfill of rows written before this migration: each chain in (createdAt, id) order, each product's versions in
-- version order. The append-only guards are suspended for this transaction's own UPDATEs only.
ALTER TABLE "AuditLog" DISABLE TRIGGER "AuditLog_append_only";
ALTER TABLE "PassportVersion" DISABLE TRIGGER "PassportVersion_append_only";

UPDATE "AuditLog" a SET
  "chainSeq" = n.seq,
  "personalDigest" = "audit_personal_digest"(a."actorId", a."eventContext")
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "companyId" ORDER BY "createdAt", "id") AS seq FROM "AuditLog"
) n
WHERE n."id" = a."id";

DO $$
DECLARE
  r record;
  chain text := NULL;
  last_seq bigint;
  prev char(64);
  hash char(64);
BEGIN
  FOR r IN
    SELECT * FROM "AuditLog" ORDER BY coalesce("companyId"::text, 'platform'), "chainSeq"
  LOOP
    IF chain IS DISTINCT FROM coalesce(r."companyId"::text, 'platform') THEN
      IF chain IS NOT NULL THEN
        INSERT INTO "AuditChainHead" ("key", "seq", "head") VALUES (chain, last_seq, prev);
      END IF;
      chain := coalesce(r."companyId"::text, 'platform');
      prev := repeat('0', 64);
    END IF;
    hash := "audit_chain_hash"(prev, r."chainSeq", r."id", r."companyId", r."productId", r."eventType",
      r."actorRole", r."eventChannel", r."createdAt", r."personalDigest");
    UPDATE "AuditLog" SET "prevHash" = prev, "chainHash" = hash WHERE "id" = r."id";
    prev := hash;
    last_seq := r."chainSeq";
  END LOOP;
  IF chain IS NOT NULL THEN
    INSERT INTO "AuditChainHead" ("key", "seq", "head") VALUES (chain, last_seq, prev);
  END IF;

  chain := NULL;
  FOR r IN SELECT * FROM "PassportVersion" ORDER BY "productId", "version" LOOP
    IF chain IS DISTINCT FROM r."productId"::text THEN
      chain := r."productId"::text;
      prev := repeat('0', 64);
    END IF;
    hash := "version_chain_hash"(prev, r."id", r."productId", r."version", r."sha256", r."byteLength",
      r."schemaVersion", r."publishedAt", r."publishedById");
    UPDATE "PassportVersion" SET "prevHash" = prev, "chainHash" = hash WHERE "id" = r."id";
    prev := hash;
  END LOOP;
END;
$$;

ALTER TABLE "AuditLog" ENABLE TRIGGER "AuditLog_append_only";
ALTER TABLE "PassportVersion" ENABLE TRIGGER "PassportVersion_append_only";

CREATE UNIQUE INDEX "AuditLog_companyId_chainSeq_key" ON "AuditLog"("companyId", "chainSeq");

-- Appending: the chain's head row is locked until the commit, so concurrent writers of one company append one
-- after another (no fork, no gap among committed rows); a rolled-back insert rolls its head update back too.
CREATE FUNCTION "audit_chain_append"() RETURNS trigger AS $$
DECLARE
  chain text := coalesce(NEW."companyId"::text, 'platform');
  last_seq bigint;
  last_hash char(64);
BEGIN
  SELECT "seq", "head" INTO last_seq, last_hash FROM "AuditChainHead" WHERE "key" = chain FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO "AuditChainHead" ("key", "seq", "head") VALUES (chain, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
    SELECT "seq", "head" INTO last_seq, last_hash FROM "AuditChainHead" WHERE "key" = chain FOR UPDATE;
  END IF;
  NEW."erasedAt" := NULL;
  NEW."chainSeq" := last_seq + 1;
  NEW."prevHash" := last_hash;
  NEW."personalDigest" := "audit_personal_digest"(NEW."actorId", NEW."eventContext");
  NEW."chainHash" := "audit_chain_hash"(NEW."prevHash", NEW."chainSeq", NEW."id", NEW."companyId",
    NEW."productId", NEW."eventType", NEW."actorRole", NEW."eventChannel", NEW."createdAt", NEW."personalDigest");
  UPDATE "AuditChainHead" SET "seq" = NEW."chainSeq", "head" = NEW."chainHash" WHERE "key" = chain;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "AuditLog_chain"
  BEFORE INSERT ON "AuditLog"
  FOR EACH ROW EXECUTE FUNCTION "audit_chain_append"();

-- A version chains to version - 1 of its product (zeros for version 1), which must exist: versions are written
-- one after another under the product's row lock, and the unique (productId, version) refuses a second N.
CREATE FUNCTION "version_chain_append"() RETURNS trigger AS $$
DECLARE
  prev char(64);
BEGIN
  IF NEW."version" = 1 THEN
    prev := repeat('0', 64);
  ELSE
    SELECT "chainHash" INTO prev FROM "PassportVersion"
      WHERE "productId" = NEW."productId" AND "version" = NEW."version" - 1;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'PassportVersion % of product % follows no version %', NEW."version", NEW."productId",
        NEW."version" - 1 USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
  NEW."prevHash" := prev;
  NEW."chainHash" := "version_chain_hash"(prev, NEW."id", NEW."productId", NEW."version", NEW."sha256",
    NEW."byteLength", NEW."schemaVersion", NEW."publishedAt", NEW."publishedById");
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "PassportVersion_chain"
  BEFORE INSERT ON "PassportVersion"
  FOR EACH ROW EXECUTE FUNCTION "version_chain_append"();

-- GDPR erasure keeps its one permitted change (actorId and eventContext, under app.gdpr_erasure = 'on') and may
-- mark the row erased (erasedAt, never cleared); the chain columns stay as written, so the chain still verifies.
CREATE OR REPLACE FUNCTION "audit_log_guard"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND current_setting('app.gdpr_erasure', true) = 'on'
     AND NEW."id" = OLD."id"
     AND NEW."companyId" IS NOT DISTINCT FROM OLD."companyId"
     AND NEW."productId" IS NOT DISTINCT FROM OLD."productId"
     AND NEW."eventType" = OLD."eventType"
     AND NEW."actorRole" = OLD."actorRole"
     AND NEW."eventChannel" = OLD."eventChannel"
     AND NEW."createdAt" = OLD."createdAt"
     AND NEW."chainSeq" = OLD."chainSeq"
     AND NEW."prevHash" = OLD."prevHash"
     AND NEW."chainHash" = OLD."chainHash"
     AND NEW."personalDigest" = OLD."personalDigest"
     AND (NEW."erasedAt" IS NOT NULL OR OLD."erasedAt" IS NULL) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'AuditLog is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
