import { z } from 'zod';
import { checkAsCreated } from './test-line-checks.js';
import { canonicalPermissions, keyPermission } from '../../contract/admin.js';
import { propertyId } from '../../contract/common.js';
import { deviceValues, eventSchema, snapshotElement, type StoredEvent } from '../../contract/events.js';
import {
  createExperimentFields,
  currencyCode,
  experimentGoalDefinition,
  experimentStatuses,
  experimentTypes,
  goals,
  MAX_METRICS,
  metricRoles,
} from '../../contract/experiments.js';
import { filterList, type Filter } from '../../contract/filters.js';
import { funnelDimensions, funnelModes } from '../../contract/funnels.js';
import { goalDefinition } from '../../contract/goals.js';
import { accountRoles } from '../../contract/accounts.js';
import { frameOrigin, shareLinkId, shareReports } from '../../contract/share-links.js';
import type {
  AccountRecord,
  ApiKeyRecord,
  AuditRecord,
  ExperimentGoal,
  ExperimentRecord,
  GoalRecord,
  SavedFunnelRecord,
  ShareLinkRecord,
} from '../../server/store/store.js';

// How each kind's line of an export is read back (export-format.ts): its zod schema, checked on
// every line of an import, and the conversion of what it parsed into the store's record.

const instant = z.iso
  .datetime({ offset: true, message: 'an ISO-8601 timestamp with a zone' })
  .transform((s) => new Date(s));
const text = z.string().max(100_000);
const id = z.string().min(1).max(256);

export const propertySchema = z.object({
  id: propertyId,
  name: text,
  domain: text.nullable(),
  timezone: z.string().min(1).max(64),
  created_at: instant,
});

export const apiKeySchema = z.object({
  id,
  name: text,
  prefix: id,
  hash: id,
  property_ids: z.array(propertyId),
  permissions: z.array(keyPermission),
  created_at: instant,
  revoked_at: instant.nullable(),
  // Written since `configure` existed; absent (or null) in exports made before, when `metrics` also
  // created and deleted goals and saved funnels.
  metrics_read_only: z.boolean().nullish(),
});

/**
 * A key as the store keeps it. One from an export made before `configure` holding `metrics` could write
 * goals and saved funnels: it gets `configure`, as the stores' own keys did when they first opened
 * (docs/decisions.md, "Key permissions"), rather than losing that on the move.
 */
export function apiKeyFromParsed({ metrics_read_only, ...k }: z.infer<typeof apiKeySchema>): ApiKeyRecord {
  const wrote = !metrics_read_only && k.permissions.includes('metrics');
  return { ...k, permissions: canonicalPermissions(wrote ? [...k.permissions, 'configure'] : k.permissions) };
}

// An account as stored: its password only as the argon2id hash (or null before one was set).
export const accountSchema = z.object({
  id,
  email: z.string().min(3).max(254),
  role: z.enum(accountRoles),
  property_ids: z.array(propertyId),
  password_hash: z
    .string()
    .regex(/^\$argon2id\$/, 'an argon2id hash')
    .max(512)
    .nullable(),
  created_at: instant,
  disabled_at: instant.nullable(),
  // Two-factor sign-in as stored (the secret as the store keeps it, the recovery codes as hashes);
  // absent from exports made before it: off.
  totp_secret: z
    .string()
    .regex(/^[A-Z2-7]{16,128}$/, 'a base32 secret')
    .nullish(),
  totp_enabled_at: instant.nullish(),
  totp_last_step: z.number().int().nonnegative().nullish(),
  recovery_code_hashes: z
    .array(z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hash'))
    .max(10)
    .nullish(),
});
export const accountFromParsed = (a: z.infer<typeof accountSchema>): AccountRecord => ({
  ...a,
  email: a.email.toLowerCase(),
  totp_secret: a.totp_secret ?? null,
  totp_enabled_at: a.totp_enabled_at ?? null,
  totp_last_step: a.totp_last_step ?? null,
  recovery_code_hashes: a.recovery_code_hashes ?? [],
});

// A share link as stored: its token only as the SHA-256 hash, its password only as the argon2id hash.
// Its origins are checked as the API checks them: they become a header of the share page.
export const shareLinkSchema = z.object({
  id: shareLinkId,
  property_id: propertyId,
  token_hash: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hash'),
  label: z.string().max(100),
  reports: z.array(z.enum(shareReports)).min(1),
  filters: filterList,
  password_hash: z
    .string()
    .regex(/^\$argon2id\$/, 'an argon2id hash')
    .max(512)
    .nullable(),
  embed: z.boolean(),
  frame_ancestors: z.array(frameOrigin).max(10),
  created_by: z.string().max(300),
  created_at: instant,
  expires_at: instant.nullable(),
  revoked_at: instant.nullable(),
});
export const shareLinkFromParsed = (l: z.infer<typeof shareLinkSchema>): ShareLinkRecord => l;

// An audit log entry as the store keeps it (docs/accounts.md, "Audit log").
export const auditSchema = z.object({
  id: z.string().regex(/^[0-9A-Za-z_]{1,64}$/, 'an audit entry id'),
  at: instant,
  actor_kind: z.enum(['account', 'key', 'link']),
  actor_id: z.string().max(256).nullable(),
  actor_name: z.string().max(300),
  action: z.string().max(100),
  target: z.string().max(2_000),
  status: z.number().int().min(100).max(599),
  address: z.string().max(64),
});
export const auditFromParsed = (r: z.infer<typeof auditSchema>): AuditRecord => r;

// mode, breakdown_by and filters (the API's tuples) are absent or null in exports made before funnels kept them;
// a step is a page or, since goal steps, a goal by id.
export const savedFunnelSchema = z.object({
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

export function savedFunnelFromParsed({
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

// Variants are written back as they were read. Their shape is checked here, and a running test's
// changes as the API checks a new test's (checkAsCreated below); a complete test's only for size, so
// one that ran before a later rule (a selector the dashboard now refuses) still moves.
const variant = z.looseObject({
  label: text,
  changes: z.array(z.looseObject({ selector: text, op: z.string(), value: z.unknown() })),
  url: text.optional(),
});
// A goal test's goal (`goal_definition`, as the API shows it) is absent or null on every other test,
// and in exports made before goal tests; a goal test cannot move without it (it counts by it).
export const experimentSchema = z
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
    // The test's own plan settings; absent for the defaults, and in exports made before they were kept.
    plan_settings: z
      .strictObject({
        minimum_detectable_effect: createExperimentFields.minimum_detectable_effect,
        min_days: createExperimentFields.min_days,
      })
      .nullish(),
    // The test's more metrics; absent when it has none, and in exports made before they were kept.
    metrics: z
      .array(
        z.strictObject({
          goal: z.enum(goals),
          goal_target: text.nullable(),
          role: z.enum(metricRoles),
          goal_definition: experimentGoalDefinition.nullish(),
        }),
      )
      .max(MAX_METRICS)
      .nullish(),
  })
  .refine((e) => e.goal !== 'goal' || e.goal_definition, {
    path: ['goal_definition'],
    message: 'required for the goal goal: the goal the test counts',
  })
  .superRefine(checkAsCreated);

/** A kept goal as the API shows it (only its kind's fields) as the store keeps it (every field, null when unused). */
function keptGoal(definition: z.infer<typeof experimentGoalDefinition>): ExperimentGoal {
  const f: Partial<Record<'page' | 'event' | 'target' | 'source', string>> = definition;
  return {
    name: definition.name,
    kind: definition.kind,
    page: f.page ?? null,
    event: f.event ?? null,
    target: f.target ?? null,
    source: f.source ?? null,
  };
}

export function experimentFromParsed({
  goal_definition,
  currency,
  plan_settings,
  metrics,
  ...parsed
}: z.infer<typeof experimentSchema>): ExperimentRecord {
  return {
    ...parsed,
    ...(currency ? { currency } : {}),
    ...(plan_settings ? { plan_settings } : {}),
    ...(goal_definition ? { goal_definition: keptGoal(goal_definition) } : {}),
    ...(metrics?.length
      ? {
          metrics: metrics.map(({ goal_definition: kept, ...m }) => ({
            ...m,
            ...(kept ? { goal_definition: keptGoal(kept) } : {}),
          })),
        }
      : {}),
  } as ExperimentRecord;
}

/** A goal test's goal as the API shows it: only the fields its kind uses. */
export const goalDefinitionLine = ({ name, kind, ...fields }: ExperimentGoal) => ({
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
export const goalSchema = z.preprocess(
  asGoalDefinition,
  z.intersection(z.object({ id, property_id: propertyId, name: text, created_at: instant }), goalDefinition),
);

export function goalFromParsed(g: z.infer<typeof goalSchema>): GoalRecord {
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

export const snapshotSchema = z.object({
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
export const eventLineSchema = z.object({
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
export const compiledEventLine = z.compile(eventLineSchema);

/** The fields of an event line, in the order they are written (nulls are left out of NDJSON). */
export const eventFields = [
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

export function eventFromLine(value: z.infer<typeof eventLineSchema>): StoredEvent {
  const e = { ...value } as Record<string, unknown>;
  for (const f of eventFields) e[f] ??= null;
  return e as unknown as StoredEvent;
}
