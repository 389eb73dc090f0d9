import { z } from 'zod';

export const MAX_COLLECT_BATCH = 100;
/** Bodies above this are refused with 413 before parsing: 100 events with snapshots fit well within. */
export const COLLECT_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/collect takes one event (operations.md §3) or `{events: [...]}`. The server stamps `ts`
 * and reads the user agent and client address from the request; a `ts` sent by a browser is ignored.
 */
export const collectBatch = z.object({ events: z.array(z.unknown()).min(1).max(MAX_COLLECT_BATCH) });
export const collectResponse = z.object({ accepted: z.number().int().min(0) });
