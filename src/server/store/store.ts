import type { AccountStore } from './account-store.js';
import type { AuditStore } from './audit-store.js';
import type { AuthStore } from './auth-store.js';
import type { EventStore } from './event-store.js';
import type { ExperimentStore } from './experiment-store.js';
import type { GoalStore } from './goal-store.js';
import type { MailSubscriptionStore } from './mail-subscription-store.js';
import type { ImportLedgerStore } from './import-ledger-store.js';
import type { PropertyStore } from './property-store.js';
import type { ReportStore } from './report-store.js';
import type { SavedFunnelStore } from './saved-funnel-store.js';
import type { ShareLinkStore } from './share-link-store.js';
import type { StoreOperations } from './store-operations.js';

// Each concern's interface and records live in their own file; this one puts them together, and
// re-exports their types so a module that needs the whole store imports one file.
export type { AccountRecord, AccountStore } from './account-store.js';
export type { AuditRecord, AuditStore } from './audit-store.js';
export type { ApiKeyRecord, AuthStore } from './auth-store.js';
export type { EventStore, SnapshotElement, SnapshotRecord } from './event-store.js';
export type {
  CurrencyAmount,
  DailyVariantFigures,
  DailyVisitorFigures,
  ExperimentGoal,
  ExperimentMetric,
  ExperimentRecord,
  ExperimentStore,
  ExperimentTraffic,
  ExperimentVariant,
  VariantFigures,
  VisitorFigures,
} from './experiment-store.js';
export type { GoalFigures, GoalRecord, GoalStore } from './goal-store.js';
export type { MailSubscriptionRecord, MailSubscriptionStore } from './mail-subscription-store.js';
export type { ImportLedgerStore, ImportRecord } from './import-ledger-store.js';
export type { Property, PropertyStore } from './property-store.js';
export type {
  Bucketed,
  BucketedScope,
  Counts,
  FunnelDimension,
  FunnelPathRow,
  FunnelQuery,
  FunnelRow,
  FunnelStepTarget,
  InteractionGrouping,
  InteractionOptions,
  InteractionReport,
  InteractionRow,
  PageRow,
  ReportStore,
  Scope,
  SegmentDimension,
  SegmentRow,
} from './report-store.js';
export type { SavedFunnelRecord, SavedFunnelStore } from './saved-funnel-store.js';
export type { ShareLinkRecord, ShareLinkStore } from './share-link-store.js';

/** Everything the service needs from a store; DuckDB is the embedded default, ClickHouse the scale-out. */
export interface Store
  extends
    AuthStore,
    AccountStore,
    AuditStore,
    ShareLinkStore,
    PropertyStore,
    EventStore,
    ReportStore,
    GoalStore,
    SavedFunnelStore,
    ExperimentStore,
    MailSubscriptionStore,
    ImportLedgerStore {
  close(): Promise<void>;
  ping(): Promise<void>;
  /** Its write queue and query timings, for /metrics; a store without them reports none. */
  operations?: StoreOperations;
}
