import type { z } from 'zod';
import type { StoredEvent } from '../../contract/events.js';
import type {
  AccountRecord,
  ApiKeyRecord,
  AuditRecord,
  ExperimentRecord,
  GoalRecord,
  Property,
  SavedFunnelRecord,
  ShareLinkRecord,
  SnapshotRecord,
} from '../../server/store/store.js';
import {
  accountFromParsed,
  accountSchema,
  auditFromParsed,
  auditSchema,
  apiKeyFromParsed,
  apiKeySchema,
  compiledEventLine,
  eventFields,
  eventFromLine,
  eventLineSchema,
  experimentFromParsed,
  experimentSchema,
  goalDefinitionLine,
  goalFromParsed,
  goalSchema,
  propertySchema,
  savedFunnelFromParsed,
  savedFunnelSchema,
  shareLinkFromParsed,
  shareLinkSchema,
  snapshotSchema,
} from './export-line-schemas.js';

/**
 * The export format (docs/moving-between-stores.md), shared by its two spellings: NDJSON, one object
 * a line with a `kind`, and Parquet, one file a kind whose columns are the same fields. Records in,
 * records out: an export read back gives the records the store listed, timestamps to the millisecond.
 */
export const exportKinds = [
  'property',
  'api_key',
  'saved_funnel',
  'experiment',
  'goal',
  'account',
  'share_link',
  'audit',
  'snapshot',
  'event',
] as const;
export type ExportKind = (typeof exportKinds)[number];
/**
 * Kinds an export has only when the store has records of them: an export of a store without goals is
 * exactly what it was before goals existed (readable by a Sightline of then), and one made then reads
 * as having none.
 */
export const optionalKinds: readonly ExportKind[] = ['goal', 'account', 'share_link', 'audit'];

/**
 * The most records of each kind an import reads. The metadata kinds are held in memory whole and the
 * snapshots read twice, so a small file of many tiny rows (Parquet compresses 50M alike rows into a
 * few hundred KB) must not take gigabytes first. Far above what any store holds: a property has at
 * most 20 running tests, a few hundred goals and funnels. Events stream, in batches, and are not capped.
 */
export const MAX_IMPORT_ROWS: Partial<Record<ExportKind, number>> = {
  property: 10_000,
  api_key: 10_000,
  saved_funnel: 100_000,
  experiment: 100_000,
  goal: 100_000,
  account: 100_000,
  share_link: 100_000,
  // Every change anyone made: the one metadata kind that grows with use.
  audit: 1_000_000,
  snapshot: 1_000_000,
};

export interface ExportRecords {
  property: Property;
  api_key: ApiKeyRecord;
  saved_funnel: SavedFunnelRecord;
  experiment: ExperimentRecord;
  goal: GoalRecord;
  account: AccountRecord;
  share_link: ShareLinkRecord;
  audit: AuditRecord;
  snapshot: SnapshotRecord;
  event: StoredEvent;
}

/** JSON-ready: Dates as ISO text. */
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export interface KindFormat<K extends ExportKind> {
  /** The Parquet file of this kind in an export directory. */
  file: string;
  /** Parquet columns and their DuckDB types, in order; `JSON` columns hold nested values as JSON text. */
  columns: Record<string, string>;
  /** The record as a JSON-ready object (without `kind`). */
  toLine(record: ExportRecords[K]): Record<string, unknown>;
  schema: z.ZodType<unknown>;
  fromParsed(value: unknown): ExportRecords[K];
}

const ts = 'TIMESTAMPTZ';
const str = 'VARCHAR';

export const kindFormats: { [K in ExportKind]: KindFormat<K> } = {
  property: {
    file: 'properties.parquet',
    columns: { id: str, name: str, domain: str, timezone: str, created_at: ts },
    toLine: (p) => ({ id: p.id, name: p.name, domain: p.domain, timezone: p.timezone, created_at: iso(p.created_at) }),
    schema: propertySchema,
    fromParsed: (v) => v as Property,
  },
  api_key: {
    file: 'api_keys.parquet',
    columns: {
      id: str,
      name: str,
      prefix: str,
      hash: str,
      property_ids: 'VARCHAR[]',
      permissions: 'VARCHAR[]',
      created_at: ts,
      revoked_at: ts,
      metrics_read_only: 'BOOLEAN',
    },
    toLine: (k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      hash: k.hash,
      property_ids: k.property_ids,
      permissions: k.permissions,
      created_at: iso(k.created_at),
      revoked_at: iso(k.revoked_at),
      // Tells an import that this `metrics` reads only (an older export's also wrote goals and funnels).
      metrics_read_only: true,
    }),
    schema: apiKeySchema,
    fromParsed: (v) => apiKeyFromParsed(v as z.infer<typeof apiKeySchema>),
  },
  saved_funnel: {
    file: 'saved_funnels.parquet',
    columns: {
      id: str,
      property_id: str,
      name: str,
      steps: 'JSON',
      created_at: ts,
      updated_at: ts,
      mode: str,
      breakdown_by: str,
      filters: 'JSON',
    },
    toLine: (f) => ({
      id: f.id,
      property_id: f.property_id,
      name: f.name,
      steps: f.steps,
      created_at: iso(f.created_at),
      updated_at: iso(f.updated_at),
      // Left out when the funnel has none, as the store keeps them.
      ...(f.mode ? { mode: f.mode } : {}),
      ...(f.breakdown_by ? { breakdown_by: f.breakdown_by } : {}),
      ...(f.filters ? { filters: f.filters.map((x) => [x.op, x.dimension, x.values]) } : {}),
    }),
    schema: savedFunnelSchema,
    fromParsed: (v) => savedFunnelFromParsed(v as z.infer<typeof savedFunnelSchema>),
  },
  experiment: {
    file: 'experiments.parquet',
    columns: {
      id: str,
      property_id: str,
      name: str,
      page: str,
      type: str,
      goal: str,
      goal_target: str,
      auto_stop_days: 'INTEGER',
      status: str,
      created_at: ts,
      stopped_at: ts,
      reason: str,
      variants: 'JSON',
      goal_definition: 'JSON',
      currency: str,
      plan_settings: 'JSON',
      metrics: 'JSON',
    },
    toLine: (e) => ({
      id: e.id,
      property_id: e.property_id,
      name: e.name,
      page: e.page,
      type: e.type,
      goal: e.goal,
      goal_target: e.goal_target,
      auto_stop_days: e.auto_stop_days,
      status: e.status,
      created_at: iso(e.created_at),
      stopped_at: iso(e.stopped_at),
      reason: e.reason,
      variants: e.variants,
      ...(e.goal_definition ? { goal_definition: goalDefinitionLine(e.goal_definition) } : {}),
      ...(e.currency ? { currency: e.currency } : {}),
      ...(e.plan_settings ? { plan_settings: e.plan_settings } : {}),
      ...(e.metrics?.length
        ? {
            metrics: e.metrics.map(({ goal_definition, ...m }) =>
              goal_definition ? { ...m, goal_definition: goalDefinitionLine(goal_definition) } : m,
            ),
          }
        : {}),
    }),
    schema: experimentSchema,
    fromParsed: (v) => experimentFromParsed(v as z.infer<typeof experimentSchema>),
  },
  goal: {
    file: 'goals.parquet',
    columns: {
      id: str,
      property_id: str,
      name: str,
      goal_kind: str,
      page: str,
      event: str,
      target: str,
      source: str,
      created_at: ts,
    },
    toLine: (g) => ({
      id: g.id,
      property_id: g.property_id,
      name: g.name,
      goal_kind: g.kind,
      // Only the fields the goal's kind uses, as the API answers it.
      ...(g.page !== null ? { page: g.page } : {}),
      ...(g.event !== null ? { event: g.event } : {}),
      ...(g.target !== null ? { target: g.target } : {}),
      ...(g.source !== null ? { source: g.source } : {}),
      created_at: iso(g.created_at),
    }),
    schema: goalSchema,
    fromParsed: (v) => goalFromParsed(v as z.infer<typeof goalSchema>),
  },
  account: {
    // As stored: the argon2id hash, never a password; the TOTP secret as the store keeps it.
    file: 'accounts.parquet',
    columns: {
      id: str,
      email: str,
      role: str,
      property_ids: 'VARCHAR[]',
      password_hash: str,
      created_at: ts,
      disabled_at: ts,
      totp_secret: str,
      totp_enabled_at: ts,
      totp_last_step: 'INTEGER',
      recovery_code_hashes: 'VARCHAR[]',
    },
    toLine: (a) => ({
      id: a.id,
      email: a.email,
      role: a.role,
      property_ids: a.property_ids,
      password_hash: a.password_hash,
      created_at: iso(a.created_at),
      disabled_at: iso(a.disabled_at),
      totp_secret: a.totp_secret,
      totp_enabled_at: iso(a.totp_enabled_at),
      totp_last_step: a.totp_last_step,
      recovery_code_hashes: a.recovery_code_hashes,
    }),
    schema: accountSchema,
    fromParsed: (v) => accountFromParsed(v as z.infer<typeof accountSchema>),
  },
  share_link: {
    // As stored: the token's and the password's hashes, never either.
    file: 'share_links.parquet',
    columns: {
      id: str,
      property_id: str,
      token_hash: str,
      label: str,
      reports: 'VARCHAR[]',
      filters: 'JSON',
      password_hash: str,
      embed: 'BOOLEAN',
      frame_ancestors: 'VARCHAR[]',
      created_by: str,
      created_at: ts,
      expires_at: ts,
      revoked_at: ts,
    },
    toLine: (l) => ({
      ...l,
      created_at: iso(l.created_at),
      expires_at: iso(l.expires_at),
      revoked_at: iso(l.revoked_at),
    }),
    schema: shareLinkSchema,
    fromParsed: (v) => shareLinkFromParsed(v as z.infer<typeof shareLinkSchema>),
  },
  audit: {
    // Who changed what, when and from where (the address as kept: an IPv6 client's /64).
    file: 'audit_log.parquet',
    columns: {
      id: str,
      at: ts,
      actor_kind: str,
      actor_id: str,
      actor_name: str,
      action: str,
      target: str,
      status: 'INTEGER',
      address: str,
    },
    toLine: (r) => ({ ...r, at: iso(r.at) }),
    schema: auditSchema,
    fromParsed: (v) => auditFromParsed(v as z.infer<typeof auditSchema>),
  },
  snapshot: {
    file: 'snapshots.parquet',
    columns: { property_id: str, path: str, ts, elements: 'JSON' },
    toLine: (s) => ({ property_id: s.property_id, path: s.path, ts: iso(s.ts), elements: s.elements }),
    schema: snapshotSchema,
    fromParsed: (v) => v as SnapshotRecord,
  },
  event: {
    file: 'events.parquet',
    columns: {
      type: str,
      property_id: str,
      ts,
      visitor_id: str,
      session_id: str,
      path: str,
      referrer: str,
      utm_source: str,
      utm_medium: str,
      utm_campaign: str,
      country: str,
      device: str,
      is_bot: 'BOOLEAN',
      scroll_depth: 'DOUBLE',
      engaged_ms: 'INTEGER',
      target: str,
      href: str,
      source: str,
      experiment_id: str,
      variant: 'INTEGER',
      amount: 'DOUBLE',
      currency: str,
      client_key: str,
      browser: str,
      os: str,
      name: str,
      props: 'JSON',
      label: str,
    },
    toLine(e) {
      // Nulls left out: most of an event's fields are empty, and events are nearly all of an export.
      const line: Record<string, unknown> = {};
      for (const f of eventFields) {
        const v = e[f];
        if (v !== null && v !== undefined) line[f] = f === 'ts' ? (v as Date).toISOString() : v;
      }
      return line;
    },
    schema: compiledEventLine,
    fromParsed: (v) => eventFromLine(v as z.infer<typeof eventLineSchema>),
  },
};

/** One NDJSON line of the export: `kind` first, then the record's fields. */
export function exportLine<K extends ExportKind>(kind: K, record: ExportRecords[K]): string {
  return JSON.stringify({ kind, ...kindFormats[kind].toLine(record) });
}

/** Why a value is not a record of its kind: the field at fault and the message. */
export interface RecordProblem {
  field: string;
  message: string;
}

/** Checks a parsed line's fields (without `kind`) against its kind; a record, or the first problem. */
export function recordOf<K extends ExportKind>(
  kind: K,
  value: unknown,
): { record: ExportRecords[K] } | { problem: RecordProblem } {
  const format = kindFormats[kind];
  const parsed = format.schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: { field: issue.path.map(String).join('.') || '(record)', message: issue.message } };
  }
  return { record: format.fromParsed(parsed.data) };
}

export const isExportKind = (k: unknown): k is ExportKind =>
  typeof k === 'string' && (exportKinds as readonly string[]).includes(k);
