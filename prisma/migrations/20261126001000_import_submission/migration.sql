-- An import's submission runs in the background: when it ended, and how many drafts stayed drafts (mandated fields
-- missing). submittedAt is when it was asked for; submittedCount counts the drafts put in review.
ALTER TABLE "ImportJob" ADD COLUMN "submitFinishedAt" TIMESTAMP(3),
  ADD COLUMN "submitRefused" INTEGER NOT NULL DEFAULT 0;
