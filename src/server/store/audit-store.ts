/**
 * One change made through the dashboard or the API (issue 43 §6): who, what, on what, when, from
 * where. Only changes that succeeded are kept; reads are not.
 */
export interface AuditRecord {
  id: string;
  at: Date;
  /** `account` (a person), `key` (an API key), `link` (the printed sign-in link's session). */
  actor_kind: 'account' | 'key' | 'link';
  /** The account's or key's id; null for the printed link's session. */
  actor_id: string | null;
  /** The account's email or the key's name, as they were then. */
  actor_name: string;
  /** The endpoint's name in the contract's tables (`inviteAccount`, `createSplitTest`, …). */
  action: string;
  /** What it changed, by id: the route's parameters (`property=…`, `experiment=…`), space-separated. */
  target: string;
  status: number;
  /** The client's address (an IPv6 client's /64). */
  address: string;
}

export interface AuditStore {
  appendAudit(r: AuditRecord): Promise<void>;
  /** Newest first (by time, then id), before `before` when given: before (`before`, `beforeId`) with an id. */
  listAudit(opts: { limit: number; before?: Date; beforeId?: string }): Promise<AuditRecord[]>;
}
