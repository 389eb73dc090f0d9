import { z } from 'zod';

/** One change as the audit log lists it (docs/accounts.md, "Audit log"). */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor_kind: z.enum(['account', 'key', 'link']),
  actor_id: z.string().nullable(),
  actor_name: z.string(),
  action: z.string(),
  target: z.string(),
  status: z.number().int(),
  address: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1_000).default(100),
  /** Entries before this instant: the next page is `before` = the last entry's `at`. */
  before: z.iso.datetime({ offset: true }).optional(),
  /**
   * With `before`: also the entries at that very instant whose id sorts before this one (the last
   * entry's `id`), so entries written in the same millisecond are neither skipped nor repeated.
   */
  before_id: z.string().max(64).optional(),
});
export const auditResponse = z.object({ data: z.array(auditEntry) });
