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
  /** Namespace of every Redis key (queues, socket.io channels): lets several stacks share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
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
  /** Jobs one worker process runs at once, per queue. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(8),
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
  /** Whether any visitor (not only admins) may start pipeline checks. Default: on outside production. */
  OPERATIONS_OPEN_PIPELINE_CHECKS: bool.optional(),
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
  /** Lifetime of a sign-in session's refresh tokens. */
  IDENTITY_REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** SMTP server for codes (smtp://user:pass@host:587); empty: mail stays in the email_outbox table. */
  SMTP_URL: z.union([z.literal(''), z.string().regex(/^smtps?:\/\//)]).default(''),
  SMTP_FROM: z.string().default('Sparkhouse <no-reply@sparkhouse.local>'),
  /** Generated media (class covers) is written and served from here. */
  MEDIA_DIR: z.string().default(path.join(repoRoot, '.data/media')),
  /** OpenAI-compatible AI for the creator studio: set AI_BASE_URL and/or AI_API_KEY to use it; both empty = the local generator. */
  AI_BASE_URL: z.union([z.literal(''), z.url()]).default(''),
  AI_API_KEY: z.string().default(''),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
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
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set');
  }
  return { ...c, OPERATIONS_OPEN_PIPELINE_CHECKS: c.OPERATIONS_OPEN_PIPELINE_CHECKS ?? c.NODE_ENV !== 'production' };
}

/** Injection token of the loaded configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
