import { z } from 'zod';
import { keyPermission } from '../../contract/admin.js';
import { propertyId } from '../../contract/common.js';
import { deviceValues, eventSchema, snapshotElement, type StoredEvent } from '../../contract/events.js';
import {
  currencyCode,
  experimentGoalDefinition,
  experimentStatuses,
  experimentTypes,
  goals,
} from '../../contract/experiments.js';
import { filterList, type Filter } from '../../contract/filters.js';
import { funnelDimensions, funnelModes } from '../../contract/funnels.js';
import { goalDefinition } from '../../contract/goals.js';
import type {
  ApiKeyRecord,
  ExperimentGoal,
  ExperimentRecord,
  GoalRecord,
  Property,
  SavedFunnelRecord,
  SnapshotRecord,
} from '../../server/store/store.js';

/**
 * The export format (docs/moving-between-stores.md), shared by its two spellings: NDJSON, one object
 * a line with a `kind`, and Parquet, one file a kind whose columns are the same fields. Records in,
 * records out: an export read back gives the records the store listed, timestamps to the millisecond.
 */
export const exportKinds = ['property', 'api_key', 'saved_funnel', 'experiment', 'goal', 'snapshot', 'event'] as const;
export type ExportKind = (typeof exportKinds)[number];
/**
 * Kinds an export has only when the store has records of them: an export of a store without goals is
 * exactly what it was before goals existed (readable by a Sightline of then), and one made then reads
 * as having none.
 */
export const optionalKinds: readonly ExportKind[] = ['goal'];

export interface ExportRecords {
  property: Property;
  api_key: ApiKeyRecord;
  saved_funnel: SavedFunnelRecord;
  experiment: ExperimentRecord;
  goal: GoalRecord;
  snapshot: SnapshotRecord;
  event: StoredEvent;
}

const instant = z.iso
  .datetime({ offset: true, message: 'an ISO-8601 timestamp with a zone' })
  .transform((s) => new Date(s));
const text = z.string().max(100_000);
const id = z.string().min(1).max(256);

const propertySchema = z.object({
  id: propertyId,
  name: text,
  domain: text.nullable(),
  timezone: z.string().min(1).max(64),
  created_at: instant,
});

const apiKeySchema = z.object({
  id,
  name: text,
  prefix: id,
  hash: id,
  property_ids: z.array(propertyId),
  permissions: z.array(keyPermission),
  created_at: instant,
  revoked_at: instant.nullable(),
});

// mode, breakdown_by and filters (the API's tuples) are absent or null in exports made before funnels kept them;
// a step is a page or, since goal steps, a goal by id.
const savedFunnelSchema = z.object({
  id,
  property_id: propertyId,
  name: text,
  steps: z.array(z.union([z.object({ page: text }), z.object({ goal: id })])),
  created_at: instant,
  updated_at: instant,
  mode: z.enum(funnelModes).nullish(),
  breakdown_by: z.enum(funnelDimensions).nullish(),
  filters: filterList.nullish(),
});

function savedFunnelFromParsed({
  mode,
  breakdown_by,
  filters,
  ...f
}: z.infer<typeof savedFunnelSchema>): SavedFunnelRecord {
  return {
    ...f,
    ...(mode ? { mode } : {}),
    ...(breakdown_by ? { breakdown_by } : {}),
    ...(filters ? { filters: filters.map(([op, dimension, values]): Filter => ({ op, dimension, values })) } : {}),
  };
}

// Variants are written back as they were read: checked for shape only, so a test saved before a later
// rule (a selector the dashboard now refuses) still moves.
const variant = z.looseObject({
  label: text,
  changes: z.array(z.looseObject({ selector: text, op: z.string(), value: z.unknown() })),
  url: text.optional(),
});
// A goal test's goal (`goal_definition`, as the API shows it) is absent or null on every other test,
// and in exports made before goal tests; a goal test cannot move without it (it counts by it).
const experimentSchema = z
  .object({
    id,
    property_id: propertyId,
    name: text,
    page: text,
    type: z.enum(experimentTypes),
    goal: z.enum(goals),
    goal_target: text.nullable(),
    auto_stop_days: z.number().int().min(0).nullable(),
    status: z.enum(experimentStatuses),
    created_at: instant,
    stopped_at: instant.nullable(),
    reason: text.nullable(),
    variants: z.array(variant),
    goal_definition: experimentGoalDefinition.nullish(),
    // The currency the revenue figures count; absent in exports made before it was kept (the store's rule then says it).
    currency: currencyCode.nullish(),
  })
  .refine((e) => e.goal !== 'goal' || e.goal_definition, {
    path: ['goal_definition'],
    message: 'required for the goal goal: the goal the test counts',
  });

function experimentFromParsed({
  goal_definition,
  currency,
  ...parsed
}: z.infer<typeof experimentSchema>): ExperimentRecord {
  const e = { ...parsed, ...(currency ? { currency } : {}) };
  if (!goal_definition) return e as ExperimentRecord;
  const f: Partial<Record<'page' | 'event' | 'target' | 'source', string>> = goal_definition;
  return {
    ...(e as ExperimentRecord),
    goal_definition: {
      name: goal_definition.name,
      kind: goal_definition.kind,
      page: f.page ?? null,
      event: f.event ?? null,
      target: f.target ?? null,
      source: f.source ?? null,
    },
  };
}

/** A goal test's goal as the API shows it: only the fields its kind uses. */
const goalDefinitionLine = ({ name, kind, ...fields }: ExperimentGoal) => ({
  name,
  kind,
  ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)),
});

// A goal as the API defines it (its kind and the fields that kind takes, checked as a create is), with
// its id, property and time. Its kind is written `goal_kind`, as `kind` names the line's kind; a field
// the goal does not have is absent (NDJSON) or null (Parquet).
const asGoalDefinition = (v: unknown) => {
  if (v === null || typeof v !== 'object') return v;
  const { goal_kind, ...fields } = v as Record<string, unknown>;
  return { ...Object.fromEntries(Object.entries(fields).filter(([, x]) => x !== null)), kind: goal_kind };
};
const goalSchema = z.preprocess(
  asGoalDefinition,
  z.intersection(z.object({ id, property_id: propertyId, name: text, created_at: instant }), goalDefinition),
);

function goalFromParsed(g: z.infer<typeof goalSchema>): GoalRecord {
  const f: Partial<Record<'page' | 'event' | 'target' | 'source', string>> = g;
  return {
    id: g.id,
    property_id: g.property_id,
    name: g.name,
    kind: g.kind,
    page: f.page ?? null,
    event: f.event ?? null,
    target: f.target ?? null,
    source: f.source ?? null,
    created_at: g.created_at,
  };
}

const snapshotSchema = z.object({
  property_id: propertyId,
  path: text,
  ts: instant,
  elements: z.array(snapshotElement),
});

// An event as stored: the collect format's fields (same limits) without those the store does not keep
// (user_agent, event_id, elements), plus what normalisation settled (is_bot, device, browser, os) and
// the client key. Browser and OS are optional: exports made before they were kept have neither; so are
// a custom event's or payment's name and props, and a click's or form's label (collect's own fields
// and limits).
const { event_id: _eventId, user_agent: _userAgent, elements: _elements, ...collectedFields } = eventSchema.shape;
const storedIdText = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '1–64 characters of A–Z, a–z, 0–9, _ or -');
const eventLineSchema = z.object({
  ...collectedFields,
  ts: instant,
  device: z
    .enum(deviceValues.filter((d) => d !== 'tablet') as ['desktop', 'mobile'])
    .optional()
    .nullable(),
  browser: z.string().max(64).optional().nullable(),
  os: z.string().max(64).optional().nullable(),
  is_bot: z.boolean(),
  client_key: storedIdText.optional().nullable(),
});
// One generated function (as import-events.ts does): events are nearly every line of an export.
const compiledEventLine = z.compile(eventLineSchema);

/** The fields of an event line, in the order they are written (nulls are left out of NDJSON). */
const eventFields = [
  'type',
  'property_id',
  'ts',
  'visitor_id',
  'session_id',
  'path',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'country',
  'device',
  'is_bot',
  'scroll_depth',
  'engaged_ms',
  'target',
  'href',
  'source',
  'experiment_id',
  'variant',
  'amount',
  'currency',
  'client_key',
  'browser',
  'os',
  'name',
  'props',
  'label',
] as const satisfies readonly (keyof StoredEvent)[];

function eventFromLine(value: z.infer<typeof eventLineSchema>): StoredEvent {
  const e = { ...value } as Record<string, unknown>;
  for (const f of eventFields) e[f] ??= null;
  return e as unknown as StoredEvent;
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
    }),
    schema: apiKeySchema,
    fromParsed: (v) => v as ApiKeyRecord,
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
