import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'on');

/** A switch that is on unless set to one of the off spellings. */
const flagOn = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .optional()
  .transform((v) => v !== '0' && v !== 'false' && v !== 'off');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A comma-separated list of positive delays in milliseconds. */
const delays = z
  .string()
  .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, 'expected a comma-separated list of milliseconds')
  .transform((list) => list.split(',').map(Number))
  .refine((list) => list.every((ms) => ms > 0), 'every delay must be positive');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: positiveInt(3000),
  HOST: z.string().default('0.0.0.0'),
  BASE_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default('.data'),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  RATE_LIMIT_BACKEND: z.enum(['memory', 'redis', 'upstash']).optional(),
  REDIS_URL: z.string().min(1).optional(),
  UPSTASH_REDIS_REST_URL: z.url().optional(),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),
  RATE_LIMIT_TIMEOUT_MS: positiveInt(1000),
  RATE_LIMIT_EDGE_PER_MINUTE: positiveInt(120),
  RATE_LIMIT_DPP_PER_MINUTE: positiveInt(100),
  RATE_LIMIT_API_KEY_PER_MINUTE: positiveInt(100),
  RATE_LIMIT_BMS_PER_SECOND: positiveInt(20),
  // The public read cache: entries per instance (0 switches it off) and their time bound (the 60 s BMS bound caps it).
  PUBLIC_CACHE_ENTRIES: z.coerce.number().int().min(0).default(2_000),
  PUBLIC_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  // End of life: days a recycled battery's passport stays publicly readable before it ceases (Art. 77(8)), and days
  // each stored BMS report (the history of dynamic data) is kept. docs/decisions.md, "End of life".
  RECYCLED_PASSPORT_RETENTION_DAYS: positiveInt(90),
  TELEMETRY_RETENTION_DAYS: positiveInt(3650),
  // Anonymous viewer pages served from their stored render (production builds); 0 renders every request.
  PUBLIC_PAGE_STORE: flagOn,
  INTEGRATION_API_ENABLED: flag,
  BMS_INGESTION_ENABLED: flag,
  APP_ENCRYPTION_KEY: z.string().optional(),
  NEXTAUTH_SECRET: z.string().optional(),
  HEALTH_DB_TIMEOUT_MS: positiveInt(1500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BUILD_ID: z.string().optional(),
  RESEND_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().default('Battery Passport Service <passports@localhost>'),
  // The Resend SDK's API address; tests point it at a local fake, deployments leave it unset.
  RESEND_BASE_URL: z.url().optional(),
  // Shows /dev/mailbox in a production build too (the e2e server runs one); never set it on a public deployment.
  DEV_MAILBOX: flag,
  WEBHOOKS_ALLOW_PRIVATE: flag,
  DOCUMENT_STORAGE: z.enum(['local', 's3']).default('local'),
  DOCUMENTS_DIR: z.string().min(1).optional(),
  DOCUMENT_MAX_BYTES: positiveInt(25 * 1024 * 1024),
  // The largest ERP file an import takes (CSV, XLSX or JSON Lines); a bigger body is refused before it is read whole.
  IMPORT_MAX_BYTES: positiveInt(25 * 1024 * 1024),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // The longest wait on object storage per call (and per chunk of a download): a hung store fails, never hangs.
  OBJECT_STORAGE_TIMEOUT_MS: positiveInt(15_000),
  // The webhook retry delays after each failed attempt (ms, comma-separated); the reference schedule when unset.
  WEBHOOK_RETRY_DELAYS_MS: delays.optional(),
  // The EU digital product passport registry (lib/registry): its API's base address and the bearer credential the
  // service presents. Unset: `npm run dev` and the embedded demo start a local registry on loopback.
  DPP_REGISTRY_URL: z.url().optional(),
  DPP_REGISTRY_TOKEN: z.string().min(1).optional(),
  // The registration retry delays after each failed attempt (ms, comma-separated); lib/registry's schedule when unset.
  REGISTRY_RETRY_DELAYS_MS: delays.optional(),
  // Where published passports are replicated (lib/backup): a directory (absolute path or file:///...) or an
  // S3-compatible bucket (s3://<bucket>, through S3_ENDPOINT, S3_REGION and the S3 credentials). Unset: no back-up.
  BACKUP_TARGET: z
    .string()
    .trim()
    .regex(/^(\/|file:\/\/\/|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]\/?$)/, {
      message: 'must be an absolute directory path, a file:/// URL or s3://<bucket>',
    })
    .optional(),
  // The https address where a back-up provider serves the copy of the passports at the same paths as this service
  // (for example a static copy made with `npm run -s export:static`): sent to the EU registry as each passport's
  // back-up address.
  BACKUP_PUBLIC_URL: z.url({ protocol: /^https$/, message: 'must be an https URL' }).optional(),
  // The bearer token Prometheus presents at GET /api/metrics (at least 24 characters); unset, the metrics
  // address answers 404 like any unknown address.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,}$/, { message: 'must be at least 24 printable characters without spaces' })
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'BASE_URL' | 'RATE_LIMIT_BACKEND' | 'DOCUMENTS_DIR'> {
  BASE_URL: string;
  DOCUMENTS_DIR: string;
  RATE_LIMIT_BACKEND: 'memory' | 'redis' | 'upstash';
}

let cached: Config | undefined;

/** Parses the environment once; a bad value stops the process with a message naming the variable. */
export function config(): Config {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const backend =
    env.RATE_LIMIT_BACKEND ??
    (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN ? 'upstash' : env.REDIS_URL ? 'redis' : 'memory');
  cached = {
    ...env,
    BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    RATE_LIMIT_BACKEND: backend,
    // Evidence files live beside the embedded database unless placed elsewhere.
    DOCUMENTS_DIR: env.DOCUMENTS_DIR ?? `${env.DATA_DIR.replace(/\/+$/, '')}/documents`,
  };
  return cached;
}

/** Tests change the environment between cases; production never calls this. */
export function resetConfigForTests(): void {
  cached = undefined;
}
