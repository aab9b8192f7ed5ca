-- Published passport versions and audit log rows are append-only: the database itself refuses changes, so no
-- code path (nor a mistaken manual query) can rewrite history.
CREATE FUNCTION "refuse_mutation"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

-- GDPR erasure is the one permitted change to an audit row: inside a transaction that set
-- app.gdpr_erasure = 'on', it may pseudonymise actorId and eventContext; every other column stays as written.
CREATE FUNCTION "audit_log_guard"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND current_setting('app.gdpr_erasure', true) = 'on'
     AND NEW."id" = OLD."id"
     AND NEW."companyId" IS NOT DISTINCT FROM OLD."companyId"
     AND NEW."productId" IS NOT DISTINCT FROM OLD."productId"
     AND NEW."eventType" = OLD."eventType"
     AND NEW."actorRole" = OLD."actorRole"
     AND NEW."eventChannel" = OLD."eventChannel"
     AND NEW."createdAt" = OLD."createdAt" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'AuditLog is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "PassportVersion_append_only"
  BEFORE UPDATE OR DELETE ON "PassportVersion"
  FOR EACH ROW EXECUTE FUNCTION "refuse_mutation"();
CREATE TRIGGER "PassportVersion_no_truncate"
  BEFORE TRUNCATE ON "PassportVersion"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_mutation"();

CREATE TRIGGER "AuditLog_append_only"
  BEFORE UPDATE OR DELETE ON "AuditLog"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_guard"();
CREATE TRIGGER "AuditLog_no_truncate"
  BEFORE TRUNCATE ON "AuditLog"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_mutation"();
