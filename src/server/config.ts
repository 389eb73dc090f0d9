import { z } from 'zod';
import { DEFAULT_MAX_REVENUE_AMOUNT } from '../contract/events.js';

/** Environment of operations.md §1, validated once at start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DEMO: z.enum(['0', '1']).default('1'),
  /** The demo website's own port (its own origin); unset: PORT + 1, or a free one when PORT is 0. */
  DEMO_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  STORE: z.enum(['duckdb', 'clickhouse']).default('duckdb'),
  CLICKHOUSE_URL: z.string().optional(),
  /** The ClickHouse cluster to create the schema on (replicated local tables plus Distributed ones). */
  CLICKHOUSE_CLUSTER: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a cluster name from the server configuration')
    .optional(),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Events a minute POST /api/collect takes per client address and per property; 0: no limit. */
  COLLECT_CLIENT_EVENTS_PER_MINUTE: z.coerce.number().int().min(0).default(6_000),
  COLLECT_PROPERTY_EVENTS_PER_MINUTE: z.coerce.number().int().min(0).default(60_000),
  /** Bytes of bodies a minute POST /api/collect takes per client address and per property; 0: no limit. */
  COLLECT_CLIENT_BYTES_PER_MINUTE: z.coerce.number().int().min(0).default(6_000_000),
  COLLECT_PROPERTY_BYTES_PER_MINUTE: z.coerce.number().int().min(0).default(60_000_000),
  /** The largest `amount` one revenue event may carry (collect and import refuse more: 400 on the field). */
  MAX_REVENUE_AMOUNT: z.coerce.number().positive().max(1e12).default(DEFAULT_MAX_REVENUE_AMOUNT),
  /** Seconds a report may take before it is stopped and answered 503 (store/report-budget.ts). */
  REPORT_BUDGET_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** The address every printed or mailed link uses (https://analytics.example.com); unset: the listening address. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'an http(s) address, e.g. https://analytics.example.com' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  /** Enables mail (invitations, password resets, reports): `smtp://user:pass@host:port` or `smtps://…` (docs/mail.md). */
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'smtp://user:pass@host:port or smtps://…' }).optional(),
  /** The From of every message; unset: `Sightline <sightline@PUBLIC_URL's host>`. */
  MAIL_FROM: z.string().min(3).max(320).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The bearer token GET /metrics asks for (docs/monitoring.md); unset, /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, '16 to 256 printable characters without spaces, e.g. from openssl rand -hex 32')
    .optional(),
});

export type Config = z.infer<typeof envSchema>;

/** Where printed links point: PUBLIC_URL, else the listening address (a wildcard host shown as localhost). */
export function linkBase(config: Pick<Config, 'HOST' | 'PORT' | 'PUBLIC_URL'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

/** Who mail comes from: MAIL_FROM, else sightline@ the host people reach the dashboard on. */
export function mailFrom(config: Pick<Config, 'HOST' | 'PORT' | 'PUBLIC_URL' | 'MAIL_FROM'>): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  return `Sightline <sightline@${host}>`;
}
