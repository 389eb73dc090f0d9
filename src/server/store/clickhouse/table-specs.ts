import { referrerHost, sessionsTable } from './session-partials.js';

/**
 * The ClickHouse tables, described once so the same description yields plain tables on one server
 * and replicated local tables plus `Distributed` ones on a cluster (table-ddl.ts). Timestamps are
 * DateTime64(3, 'UTC'); visitor and session ids are kept as 64-bit hashes, as in the embedded store.
 */
export interface TableSpec {
  name: string;
  columns: string;
  /** The MergeTree family member and its arguments, e.g. `ReplacingMergeTree(version)`. */
  engine: string;
  orderBy: string;
  partitionBy?: string;
  /** On a cluster: which shard a row goes to. Rows that are merged or deduplicated together share it. */
  shardKey: string;
  settings?: string;
}

/** Event columns added after the first release of the schema (migrations.ts adds them to an existing `events`, after `device`). */
export const addedEventColumns = ['browser LowCardinality(Nullable(String))', 'os LowCardinality(Nullable(String))'];

/**
 * Custom events' and revenue's name and flat properties (issue 12), added to an existing `events` by
 * migrations.ts. Last in the table, where `ADD COLUMN` puts them, so a fresh table and a migrated one
 * have one column order (the import's `INSERT … SELECT *` relies on it). No properties is an empty map.
 */
export const customEventColumns = ['name LowCardinality(Nullable(String))', 'props Map(String, String)'];

/**
 * What a clicked element or submitted form showed (issue 12 §5), NULL when none was sent, and its
 * 64-bit hash (0 for none), computed by the insert: the clicks and forms reports compare labels by
 * their hashes, as a min and max of text per (page, element) cost a quarter of the report. Added to
 * an existing `events` by migrations.ts right after `currency`, where a fresh table has them, so both
 * have one column order.
 */
export const labelEventColumns = [
  'label LowCardinality(Nullable(String))',
  'label_hash UInt64 MATERIALIZED if(label IS NULL, 0, cityHash64(label))',
];

/**
 * Each event's session's first touch as its writer knew it (first-touch-stamps.ts): the first page
 * view's instant (NULL: not stamped) and its page and first-touch values, so a session filter on them
 * is a test of the event's own columns instead of a merge of the session partials and a probe of the
 * events against its set. The referrer is given as the page view's URL (or the host a session already
 * keeps) and kept as its host, as the partials keep it. Last in the table, where `ADD COLUMN` puts them.
 */
export const touchEventColumns = [
  "touch_ts Nullable(DateTime64(3, 'UTC'))",
  'touch_path LowCardinality(Nullable(String))',
  'touch_referrer_url Nullable(String) EPHEMERAL',
  `touch_referrer LowCardinality(Nullable(String)) DEFAULT ${referrerHost('touch_referrer_url')}`,
  'touch_utm_source LowCardinality(Nullable(String))',
  'touch_utm_medium LowCardinality(Nullable(String))',
  'touch_utm_campaign LowCardinality(Nullable(String))',
  'touch_country LowCardinality(Nullable(String))',
  'touch_device LowCardinality(Nullable(String))',
  'touch_browser LowCardinality(Nullable(String))',
  'touch_os LowCardinality(Nullable(String))',
];

/**
 * The page again as a LowCardinality column (a dictionary per part): grouping by it reads small
 * indexes instead of hashing every text. The filtered clicks and forms rates group all matching page
 * views by page, 92–105 ms by `path` and about the cost of counting them (55) by this at 10M events.
 * A site with many thousands of pages outgrows a part's dictionary, and the column is then about as
 * costly as `path`, never wrong. Rows written before version 11 compute it from `path` when read
 * until the background mutation has written it.
 */
export const pathCopyColumn = 'path_lc LowCardinality(String) DEFAULT path';

/**
 * The sessions whose events' stamps may be wrong (first-touch-stamps.ts): a page view earlier than the
 * one they were stamped from came later, or two writers stamped one session differently. Their events
 * are filtered through the merge of the partials, as unstamped ones are. `day`: the session's first
 * event's UTC day as the writer saw it (at most a day after its start).
 */
export const touchDoubtsTable: TableSpec = {
  name: 'touch_doubts',
  columns: `property_id LowCardinality(String), day Date, session_key UInt64`,
  engine: 'ReplacingMergeTree',
  partitionBy: 'toYYYYMM(day)',
  orderBy: '(property_id, day, session_key)',
  shardKey: 'session_key',
};

/**
 * Non-bot page views per property, UTC hour and page, kept by ClickHouse beside each part of events
 * and read instead of the page views when a query asks in its terms (page-views.ts): the clicks and
 * forms rates' denominators. Added by migrations.ts; parts written before are built in the background
 * and read as plain events meanwhile, so answers never depend on it.
 */
// Ordered by type before hour, so a query for page views reads only theirs (4 of 10 granules at 1M events).
export const pageViewHoursProjection =
  'page_view_hours (SELECT property_id, type, is_bot, toStartOfHour(ts), path, count() GROUP BY property_id, type, is_bot, toStartOfHour(ts), path)';

/** The events of operations.md §3 as stored. Ordered so a property's range is one contiguous read, page views apart from the rest. */
export const eventsTable: TableSpec = {
  name: 'events',
  columns: `
    property_id LowCardinality(String),
    ts DateTime64(3, 'UTC'),
    type LowCardinality(String),
    -- Ids arrive as text and are kept as their 64-bit hashes, computed by the insert itself (also on a
    -- cluster's Distributed table, which shards by session_key).
    visitor_id String EPHEMERAL,
    session_id String EPHEMERAL,
    client_id Nullable(String) EPHEMERAL,
    visitor_key UInt64 DEFAULT sipHash64(visitor_id),
    session_key UInt64 DEFAULT sipHash64(session_id),
    path String,
    referrer Nullable(String),
    utm_source Nullable(String),
    utm_medium Nullable(String),
    utm_campaign Nullable(String),
    country LowCardinality(Nullable(String)),
    device LowCardinality(Nullable(String)),
    ${addedEventColumns.join(',\n    ')},
    is_bot Bool,
    scroll_depth Nullable(Float64),
    engaged_ms Nullable(Int32),
    target Nullable(String),
    href Nullable(String),
    source Nullable(String),
    experiment_id Nullable(String),
    variant Nullable(Int32),
    amount Nullable(Float64),
    currency LowCardinality(Nullable(String)),
    ${labelEventColumns.join(',\n    ')},
    client_key Nullable(UInt64) DEFAULT if(client_id IS NULL, NULL, sipHash64(client_id)),
    ${customEventColumns.join(',\n    ')},
    ${touchEventColumns.join(',\n    ')},
    ${pathCopyColumn}`,
  engine: 'MergeTree',
  partitionBy: 'toYYYYMM(ts)',
  orderBy: '(property_id, toDate(ts), type, visitor_key, ts)',
  // All events of a session on one shard: session figures never need a cross-shard merge.
  shardKey: 'session_key',
};

export const propertiesTable: TableSpec = {
  name: 'properties',
  columns: `id String, name String, domain Nullable(String), timezone String, created_at DateTime64(3, 'UTC')`,
  engine: 'ReplacingMergeTree',
  orderBy: 'id',
  shardKey: 'cityHash64(id)',
};

/**
 * Keys change only when revoked, and once when given `configure` (key-permission-migration.ts): the row
 * with the highest `version` wins (read with FINAL); the earliest revocation has the highest.
 */
export const apiKeysTable: TableSpec = {
  name: 'api_keys',
  columns: `id String, name String, prefix String, hash String, property_ids Array(String), permissions Array(String),
    created_at DateTime64(3, 'UTC'), revoked_at Nullable(DateTime64(3, 'UTC')), version UInt64`,
  engine: 'ReplacingMergeTree(version)',
  orderBy: 'id',
  shardKey: 'cityHash64(id)',
};

/**
 * The columns saved funnels gained in issue 13 (NULL in funnels saved before: unbounded, no breakdown,
 * no filters): last, so a new table and one migrated by `ADD COLUMN` (migrations.ts) have one order.
 */
export const savedFunnelOptionColumns = [
  'mode Nullable(String)',
  'breakdown_by Nullable(String)',
  'filters Nullable(String)',
];

/** Saves take a version above the one they read; a delete takes the highest there is, so it stays deleted. */
export const savedFunnelsTable: TableSpec = {
  name: 'saved_funnels',
  columns: `id String, property_id String, name String, steps String, created_at DateTime64(3, 'UTC'),
    updated_at DateTime64(3, 'UTC'), version UInt64, is_deleted UInt8, ${savedFunnelOptionColumns.join(', ')}`,
  engine: 'ReplacingMergeTree(version, is_deleted)',
  orderBy: '(property_id, id)',
  shardKey: 'cityHash64(property_id, id)',
};

/**
 * Goals (docs/decisions.md "Goals"): written once, never changed; a delete writes the row again with the
 * highest version and is_deleted = 1, so FINAL hides it on every server and nothing revives it. `seq`
 * rises with each goal a server writes: goals created in one millisecond list in the order written.
 */
export const goalsTable: TableSpec = {
  name: 'goals',
  columns: `id String, property_id String, name String, kind LowCardinality(String), page Nullable(String), event Nullable(String),
    target Nullable(String), source Nullable(String), created_at DateTime64(3, 'UTC'), seq UInt64, version UInt64, is_deleted UInt8`,
  engine: 'ReplacingMergeTree(version, is_deleted)',
  orderBy: '(property_id, id)',
  shardKey: 'cityHash64(property_id, id)',
};

/** Whose a token or session is (issue 43): NULL for the printed sign-in link's, else an account's id. Last, as migrations add it. */
export const accountIdColumns = ['account_id Nullable(String)'];

export const signInTokensTable: TableSpec = {
  name: 'sign_in_tokens',
  columns: `hash String, expires_at DateTime64(3, 'UTC'), ${accountIdColumns.join(', ')}`,
  engine: 'ReplacingMergeTree',
  orderBy: 'hash',
  shardKey: 'cityHash64(hash)',
};

/** Every attempt to use a sign-in token; the earliest attempt (by server time, then nonce) is the one use. */
export const signInUsesTable: TableSpec = {
  name: 'sign_in_uses',
  columns: `hash String, at DateTime64(6, 'UTC') DEFAULT now64(6), nonce String`,
  engine: 'MergeTree',
  orderBy: '(hash, at, nonce)',
  shardKey: 'cityHash64(hash)',
};

/** A deleted session's row has the highest version and is_deleted = 1: FINAL hides it, no later write revives it. */
export const adminSessionsTable: TableSpec = {
  name: 'admin_sessions',
  columns: `hash String, expires_at DateTime64(3, 'UTC'), version UInt64, is_deleted UInt8, ${accountIdColumns.join(', ')}`,
  engine: 'ReplacingMergeTree(version, is_deleted)',
  orderBy: 'hash',
  shardKey: 'cityHash64(hash)',
};

/** Every snapshot sent; `insert_id` (one per save) keeps two identical sends from being taken for one redelivered block. */
export const pageSnapshotsTable: TableSpec = {
  name: 'page_snapshots',
  columns: `property_id String, path String, ts DateTime64(3, 'UTC'), elements String, insert_id UUID`,
  engine: 'MergeTree',
  orderBy: '(property_id, path, ts)',
  shardKey: 'cityHash64(property_id, path)',
};

/**
 * The column split tests gained with goal tests (issue 12): a goal test's goal as JSON, NULL for the
 * other goals. Last, so a new table and one migrated by `ADD COLUMN` (migrations.ts) have one order.
 */
export const experimentGoalColumns = ['goal_definition Nullable(String)'];
/** When a test was archived (NULL while it is not), and whether its newest version deletes it. */
export const experimentArchiveColumns = ["archived_at Nullable(DateTime64(3, 'UTC'))", 'deleted UInt8 DEFAULT 0'];
/** The one currency a test's revenue figures count (NULL on tests made before it was kept). */
export const experimentCurrencyColumns = ['currency Nullable(String)'];
/** The test's own plan settings as JSON (PlanSettings), NULL for the defaults (issue 42). */
export const experimentPlanColumns = ['plan_settings Nullable(String)'];
/** The test's more metrics as JSON (ExperimentMetric[]), NULL when it has none (issue 42 §5). */
export const experimentMetricColumns = ['metrics Nullable(String)'];

/**
 * A test's whole record per version (variants as JSON); the highest version is the test. Its stop is
 * not written here but claimed in `experiment_stops`, so an update racing a stop cannot undo it.
 */
export const experimentsTable: TableSpec = {
  name: 'experiments',
  columns: `id String, property_id String, name String, page String, type String, goal String, goal_target Nullable(String),
    auto_stop_days Nullable(UInt32), status String, created_at DateTime64(3, 'UTC'), stopped_at Nullable(DateTime64(3, 'UTC')),
    reason Nullable(String), variants String, version UInt64, ${[...experimentGoalColumns, ...experimentArchiveColumns, ...experimentCurrencyColumns, ...experimentPlanColumns, ...experimentMetricColumns].join(', ')}`,
  engine: 'ReplacingMergeTree(version)',
  orderBy: '(property_id, id)',
  shardKey: 'cityHash64(property_id, id)',
};

/**
 * Every attempt to complete a test (experiment-stops.ts): the earliest claim, by server time then
 * nonce, is the test's one stop, whichever server made it. An insert-only log, so racing servers
 * never overwrite each other; beside its test's record on a cluster.
 */
export const experimentStopsTable: TableSpec = {
  name: 'experiment_stops',
  columns: `property_id String, id String, claimed_at DateTime64(6, 'UTC'), nonce String, stopped_at DateTime64(3, 'UTC'), reason String`,
  engine: 'MergeTree',
  orderBy: '(property_id, id, claimed_at, nonce)',
  shardKey: 'cityHash64(property_id, id)',
};

/** Two-factor sign-in's account columns (migration 17): last, so a new table and one migrated by `ADD COLUMN` have one order. */
export const twoFactorAccountColumns = [
  'totp_secret Nullable(String)',
  "totp_enabled_at Nullable(DateTime64(3, 'UTC'))",
  'totp_last_step Nullable(UInt32)',
  'recovery_code_hashes Array(String) DEFAULT []',
];

/** Dashboard accounts (issue 43): each change writes the whole record as a new version. */
export const accountsTable: TableSpec = {
  name: 'accounts',
  columns: `id String, email String, role LowCardinality(String), property_ids String, password_hash Nullable(String),
    created_at DateTime64(3, 'UTC'), disabled_at Nullable(DateTime64(3, 'UTC')), version UInt64,
    ${twoFactorAccountColumns.join(', ')}`,
  engine: 'ReplacingMergeTree(version)',
  orderBy: 'id',
  shardKey: 'cityHash64(id)',
};

/** Every change made through the dashboard or the API (issue 43 §6): insert-only, read newest first. */
export const auditLogTable: TableSpec = {
  name: 'audit_log',
  columns: `id String, at DateTime64(3, 'UTC'), actor_kind LowCardinality(String), actor_id Nullable(String),
    actor_name String, action LowCardinality(String), target String, status UInt16, address String`,
  engine: 'MergeTree',
  orderBy: '(at, id)',
  shardKey: 'cityHash64(id)',
};

/** Share links (issue 43 §4): a revocation writes the whole record as a new version. */
export const shareLinksTable: TableSpec = {
  name: 'share_links',
  columns: `id String, property_id String, token_hash String, label String, reports String, filters String,
    password_hash Nullable(String), embed Bool, frame_ancestors String, created_by String,
    created_at DateTime64(3, 'UTC'), expires_at Nullable(DateTime64(3, 'UTC')), revoked_at Nullable(DateTime64(3, 'UTC')),
    version UInt64`,
  engine: 'ReplacingMergeTree(version)',
  orderBy: 'id',
  shardKey: 'cityHash64(id)',
};

/** Installation-wide sign-in settings (`require_2fa`), one row per name; the newest version wins. */
export const signInSettingsTable: TableSpec = {
  name: 'sign_in_settings',
  columns: `name String, value String, version UInt64`,
  engine: 'ReplacingMergeTree(version)',
  orderBy: 'name',
  shardKey: 'cityHash64(name)',
};

/** Email report subscriptions (issue 43 §5, docs/mail.md): each change writes the whole record as a new version. */
export const mailSubscriptionsTable: TableSpec = {
  name: 'mail_subscriptions',
  columns: `account_id String, property_id String, digest LowCardinality(String), spike_alert UInt8, unsubscribe_token String,
    last_digest_period Nullable(String), last_spike_day Nullable(String), updated_at DateTime64(3, 'UTC'), version UInt64`,
  engine: 'ReplacingMergeTree(version)',
  orderBy: '(account_id, property_id)',
  shardKey: 'cityHash64(account_id, property_id)',
};

/** The CLI's imports (docs/importing.md): one row each, never changed. */
export const importLedgerTable: TableSpec = {
  name: 'import_ledger',
  columns: `file_name String, sha256 String, size_bytes UInt64, events UInt64, imported_at DateTime64(3, 'UTC')`,
  engine: 'MergeTree',
  orderBy: '(sha256, imported_at)',
  shardKey: 'cityHash64(sha256)',
};

export const allTables: TableSpec[] = [
  eventsTable,
  sessionsTable,
  propertiesTable,
  apiKeysTable,
  savedFunnelsTable,
  signInTokensTable,
  signInUsesTable,
  adminSessionsTable,
  pageSnapshotsTable,
  experimentsTable,
  experimentStopsTable,
  goalsTable,
  touchDoubtsTable,
  accountsTable,
  auditLogTable,
  shareLinksTable,
  signInSettingsTable,
  mailSubscriptionsTable,
  importLedgerTable,
];
