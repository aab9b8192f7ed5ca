-- Email delivery retries: a PENDING mail is due when "nextAttemptAt" is null or past; a failed attempt moves it later.
ALTER TABLE "EmailOutbox" ADD COLUMN "nextAttemptAt" TIMESTAMP(3);

CREATE INDEX "EmailOutbox_status_nextAttemptAt_idx" ON "EmailOutbox"("status", "nextAttemptAt");
