-- One row per outbox worker (webhook deliveries, email, registry, back-up): the session that may run its passes.
-- A session holds the lease for 15 s and renews it every 3 s; a new session takes it over only once it has lapsed,
-- that is once its holder has stopped renewing it (a killed process), so work resumes within seconds of a crash and
-- two sessions never work one outbox at once. A session that ends releases it (holder NULL) for the next at once.
CREATE TABLE "WorkerLease" (
    "name" TEXT NOT NULL,
    "holder" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "renewedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkerLease_pkey" PRIMARY KEY ("name")
);
