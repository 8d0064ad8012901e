import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** The repository root: config defaults point into it (frontend build, .data). */
export const repoRoot = path.resolve(__dirname, '../../../..');

/**
 * Every setting of the backend and worker processes, read once from the environment.
 * The README's configuration table lists these; a test keeps the two in step.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** HTTP port of the API process. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The address users reach the product at. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z.string().startsWith('postgres').default('postgres://postgres@127.0.0.1:5432/sparkhouse'),
  /** Connections each process may open to PostgreSQL. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  REDIS_URL: z.string().startsWith('redis').default('redis://127.0.0.1:6379'),
  /**
   * Namespace of every Redis key (queues, socket.io channels): lets several stacks share one Redis.
   * In braces (`{sparkhouse}`) it is a Redis Cluster hashtag: each queue's keys share one slot.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^(\{[a-z0-9_-]+\}|[a-z0-9_-]+)$/i, 'letters, digits, _ and -, optionally in braces ({sparkhouse})')
    .default('sparkhouse'),
  /** Browser origins allowed by CORS, comma separated. The product's own origin needs no entry. */
  CORS_ORIGINS: csv.default(['http://localhost:3000', 'http://localhost:5173']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built SPA served at /. */
  FRONTEND_DIST: z.string().default(path.join(repoRoot, 'frontend/dist')),
  /** Largest accepted request body. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Whether this process competes for the projection runner (one wins per cluster). */
  RUN_PROJECTIONS: bool.default(true),
  /** Fallback poll of the event log when no notification arrives. */
  EVENT_RELAY_POLL_MS: z.coerce.number().int().min(50).default(1000),
  EVENT_RELAY_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  /** Longest a read waits for the read models to reach the caller's own write (remembered, or named by a token). */
  READ_YOUR_WRITES_WAIT_MS: z.coerce.number().int().min(0).default(5000),
  /** How long a caller's newest committed write is remembered (in Redis) for their reads on any node to wait for. */
  READ_YOUR_WRITES_REMEMBER_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Jobs one worker process runs at once, per queue. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(8),
  /**
   * A worker's lock on a job it runs (renewed every half of it): a job whose worker died is found
   * stalled once the lock lapses, at the next stall check, and runs again; at most lock + check after the death.
   */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(8000),
  /** How often workers look for jobs whose lock lapsed (their worker died). */
  WORKER_STALLED_CHECK_MS: z.coerce.number().int().min(500).default(3000),
  /** Port of the worker's own health endpoints (GET /health, /health/ready) for orchestrators; 0: none. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How long progress reports wait to be stored together (pushes are never delayed). */
  JOB_PROGRESS_PERSIST_MS: z.coerce.number().int().min(0).default(1000),
  /** A hosted user pool whose tokens are accepted too: its issuer and JWKS address (both, or neither). */
  AUTH_TRUSTED_ISSUER: z.string().default(''),
  AUTH_TRUSTED_JWKS_URL: z.string().default(''),
  /** OAuth client id of the web app at the hosted login (authorize/token/logout). */
  IDENTITY_CLIENT_ID: z.string().min(1).default('sparkhouse-web'),
  /** Google sign-in (OpenID Connect). Empty: a local stand-in provider serves "Continue with Google". */
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CLIENT_SECRET: z.string().default(''),
  /** Sign in with Apple (OpenID Connect; the secret is Apple's client-secret JWT). Empty: the local stand-in. */
  APPLE_CLIENT_ID: z.string().default(''),
  APPLE_CLIENT_SECRET: z.string().default(''),
  /**
   * Whether any caller (not only admins and operators) may start pipeline checks. Off in every
   * environment; load tests and test harnesses turn it on to push synthetic jobs through.
   */
  OPERATIONS_OPEN_PIPELINE_CHECKS: bool.optional(),
  /** Bearer token that may read GET /api/metrics without an admin sign-in (empty: admins only). */
  METRICS_TOKEN: z.string().default(''),
  /** How often alert rules are evaluated. */
  ALERTS_EVALUATE_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** How often one API node looks for queued or running runs whose job is no longer in its queue (lost queue data). */
  JOBS_RECONCILE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** How long a run must have been quiet (no fact in its stream) before its missing job counts as lost. */
  JOBS_LOST_AFTER_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often connected operators get a fresh queue overview. */
  OPERATIONS_OVERVIEW_PUSH_MS: z.coerce.number().int().min(200).max(60_000).default(2000),
  /** API keys the analytics collector (POST /api/data) accepts, comma separated. */
  ANALYTICS_API_KEYS: z.string().default('sparkhouse-web'),
  /** An email that joins the admin group when it signs up or confirms (empty: none). */
  IDENTITY_ADMIN_EMAIL: z
    .string()
    .default('')
    .transform((v) => v.trim().toLowerCase()),
  /** Failed sign-ins allowed per account, and per client address, within the window. */
  IDENTITY_SIGNIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  IDENTITY_SIGNIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  IDENTITY_SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Codes sent (password resets, confirmation resends) per account, and per client address, within the window. */
  IDENTITY_RESETS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  IDENTITY_RESETS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  IDENTITY_RESET_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** The user pool id (region_id): its id part is in every SRP derivation, so clients must be given the same value. */
  IDENTITY_USER_POOL_ID: z
    .string()
    .regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'Invalid UserPoolId format')
    .max(55, 'Invalid UserPoolId format')
    .default('us-east-2_sparkhouse'),
  /** Multi-factor sign-in: off, optional (users turn it on), or required (users without a factor set one up while signing in). */
  IDENTITY_MFA: z.enum(['off', 'optional', 'required']).default('optional'),
  /** Device tracking: off, always (every confirmed device is remembered), or user-opt-in (remembered when the user says so). */
  IDENTITY_DEVICE_TRACKING: z.enum(['off', 'always', 'user-opt-in']).default('user-opt-in'),
  /** SMS codes go through the email outbox; with SMTP set they are mailed to <digits>@<this email-to-SMS gateway> (empty: kept in the outbox). */
  IDENTITY_SMS_EMAIL_GATEWAY: z.string().default(''),
  /** Sign-in attempts and password-reset requests answer no sooner than this, known user or not (no timing enumeration). */
  IDENTITY_UNIFORM_ANSWER_MS: z.coerce.number().int().min(0).max(5000).default(250),
  /** checkUserExists calls allowed per client address within the sign-in window (it answers whether an email has an account). */
  IDENTITY_USER_CHECKS_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  /** Lifetime of a sign-in session's refresh tokens. */
  IDENTITY_REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** SMTP server for codes (smtp://user:pass@host:587); empty: mail stays in the email_outbox table. */
  SMTP_URL: z.union([z.literal(''), z.string().regex(/^smtps?:\/\//)]).default(''),
  SMTP_FROM: z.string().default('Sparkhouse <no-reply@sparkhouse.local>'),
  /** Generated media (class covers) is written and served from here; without S3, uploaded files too. */
  MEDIA_DIR: z.string().default(path.join(repoRoot, '.data/media')),
  /** S3-compatible storage for uploaded media: set S3_BUCKET to use it; empty = local disk under MEDIA_DIR. */
  S3_BUCKET: z.string().default(''),
  S3_REGION: z.string().min(1).default('us-east-2'),
  /** An S3-compatible endpoint (MinIO, R2, Ceph...); empty: AWS's own for the region. */
  S3_ENDPOINT: z.union([z.literal(''), z.url()]).default(''),
  /** Credentials; both empty: the SDK's default chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Path-style addressing (bucket in the path), which most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Prefix of every object key the library writes (e.g. `sparkhouse/`). */
  S3_KEY_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or folder names each ending with /')
    .default(''),
  /** Secret media URLs are signed with (all API nodes alike); empty: one generated and kept in PostgreSQL. */
  MEDIA_URL_SECRET: z.union([z.literal(''), z.string().min(32, 'must be at least 32 characters')]).default(''),
  /** How long a signed media URL works (spec 9: at most 7 days). */
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(7 * 24 * 3600)
    .default(24 * 3600),
  /** Uploads one API process reads thumbnails, durations and poster frames from at once (the rest wait). */
  MEDIA_PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** OpenAI-compatible AI for the creator studio: set AI_BASE_URL and/or AI_API_KEY to use it; both empty = the local generator. */
  AI_BASE_URL: z.union([z.literal(''), z.url()]).default(''),
  AI_API_KEY: z.string().default(''),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Its speech-to-text model: video and audio descriptions read what is said (with AI_BASE_URL/AI_API_KEY set). */
  AI_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  /** Longest wait for one AI answer. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Demos and browser tests: the local generator waits this long per answer, so a build's steps can be watched (0 = instant). */
  AI_LOCAL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** An OpenAI-compatible images endpoint for app images: set IMAGE_API_BASE_URL and/or IMAGE_API_KEY; empty = drawn with sharp. */
  IMAGE_API_BASE_URL: z.union([z.literal(''), z.url()]).default(''),
  IMAGE_API_KEY: z.string().default(''),
  IMAGE_API_MODEL: z.string().min(1).default('gpt-image-1'),
  /** Builds one creator may have in flight (queued or running) at once; more answer 429. */
  CREATOR_MAX_BUILDS_IN_FLIGHT: z.coerce.number().int().min(1).max(100).default(3),
  /** How long getBlueprintHelpForApp and getEditorPlusButtonSuggestions wait for their quick job. */
  CREATOR_QUICK_JOB_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Fetching a creator's links (previews, descriptions): the whole fetch, redirects included. */
  LINK_FETCH_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8000),
  /** Bytes of a linked page read (the rest is ignored). */
  LINK_FETCH_MAX_BYTES: z.coerce.number().int().min(1024).max(20_000_000).default(2_000_000),
  /**
   * Hosts ('host' or 'host:port', comma-separated) a link may point to although they are not on the public
   * internet: for a development machine's own test pages only. Leave empty in production.
   */
  LINK_FETCH_ALLOW_HOSTS: csv.default([]),
  /** How long a browse listing page is reused per process (the read model lags the log anyway); 0 = off. */
  CATALOGUE_LIST_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Classes in the demo catalogue `npm start` creates on a new database. */
  CATALOGUE_DEMO_PRODUCTS: z.coerce.number().int().min(1).max(5000).default(300),
  /** The homepage-yellow-banner-text flag: empty hides the banner; "Bold part | rest" shows it. */
  HOMEPAGE_YELLOW_BANNER_TEXT: z.string().default(''),
  /** Where the home banner links to. */
  HOMEPAGE_YELLOW_BANNER_URL: z.string().default('/browse'),
  /** Real Stripe: its secret key (sk_…). Empty: the built-in Stripe emulator, state in PostgreSQL. */
  STRIPE_SECRET_KEY: z.string().default(''),
  /** Secret the webhook signatures are checked with (whsec_…). Empty with the emulator: a local one. */
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  /** Emulator only: whether this API node delivers the emulator's webhooks (one node at a time does). */
  STRIPE_EMULATOR_WEBHOOKS: bool.default(true),
  /** Emulator only: where webhooks are POSTed; empty: this process's own /api/payments/webhook. */
  STRIPE_EMULATOR_WEBHOOK_URL: z.string().default(''),
});

export type AppConfig = z.output<typeof configSchema> & { OPERATIONS_OPEN_PIPELINE_CHECKS: boolean };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither');
  }
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set');
  }
  return { ...c, OPERATIONS_OPEN_PIPELINE_CHECKS: c.OPERATIONS_OPEN_PIPELINE_CHECKS ?? false };
}

/**
 * The development stand-ins that answer over HTTP: the Stripe emulator's API and hosted page, the
 * stand-in Google/Apple sign-in provider and the mail outbox reader. Never in production, and each only
 * while its real counterpart is not configured, so none of them can be reached on a real deployment.
 */
export function developmentTools(
  c: Pick<AppConfig, 'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'GOOGLE_CLIENT_ID' | 'APPLE_CLIENT_ID' | 'SMTP_URL'>,
) {
  const development = c.NODE_ENV !== 'production';
  return {
    stripeEmulator: development && !c.STRIPE_SECRET_KEY,
    signInStandIn: development && !(c.GOOGLE_CLIENT_ID && c.APPLE_CLIENT_ID),
    mailOutbox: development && !c.SMTP_URL,
  };
}

/** Injection token of the loaded configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
