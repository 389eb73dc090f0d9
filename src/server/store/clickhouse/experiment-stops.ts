import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ExperimentRecord } from '../store.js';
import type { ChDb } from './clickhouse-db.js';

/**
 * Completing a test when several Sightline servers share one ClickHouse, which has no transactions
 * to make "stop it if it is still active" one step.
 *
 * Every attempt inserts a claim into `experiment_stops`, stamped by ClickHouse's own clock
 * (`now64(6)`, not the app server's) with a random nonce. The earliest claim (stamp, then nonce) is
 * the test's one stop: every server reads the test's stopped_at and reason from it (`firstStopSql`),
 * so two servers racing leave one stop, seen the same everywhere. A caller is told it stopped the
 * test when, reading the claims back, its own is the earliest and has been there SETTLE_MS: a claim
 * stamped earlier but still being written when it looked has committed by then, so two callers
 * cannot both find themselves first.
 *
 * Remaining window: an insert that takes longer than SETTLE_MS from its stamp to being readable (on
 * a cluster also: replication to the replica read, and ClickHouse servers' clocks further apart
 * than that). Both callers are then told they stopped the test (an auto-stop's claims carry the same
 * stopped_at and reason, so only a manual stop could answer with a time the test does not keep);
 * the test itself still has one stop.
 */
const SETTLE_MS = { server: 250, cluster: 1_000 };

export interface StopClaim {
  record: ExperimentRecord;
  reason: string;
  stoppedAt: Date;
}

/**
 * The earliest claim per test, for a LEFT JOIN on (property_id, id); `claimed` is 1 where there is one.
 * Binds `{p:String}` when `scoped`.
 */
export function firstStopSql(scoped: boolean): string {
  return `(SELECT property_id, id, 1 AS claimed, argMin(stopped_at, (claimed_at, nonce)) AS stop_at, argMin(reason, (claimed_at, nonce)) AS stop_reason
    FROM experiment_stops${scoped ? ' WHERE property_id = {p:String}' : ''} GROUP BY property_id, id)`;
}

const keyOf = (propertyId: string, id: string) => `${propertyId}\u0000${id}`;

/** Claims the stop of each test; returns the tests this call completed (stopped_at and reason as claimed). */
export async function claimStops(db: ChDb, claims: StopClaim[]): Promise<ExperimentRecord[]> {
  if (claims.length === 0) return [];
  const nonce = randomUUID();
  const scope = { props: claims.map((c) => c.record.property_id), ids: claims.map((c) => c.record.id) };
  // On a cluster: written to the shard (and a majority of its replicas) before the insert returns.
  const settings = db.cluster ? ` SETTINGS distributed_foreground_insert = 1, insert_quorum = 'auto'` : '';
  const insertedAt = Date.now();
  await db.run(
    `INSERT INTO experiment_stops (property_id, id, claimed_at, nonce, stopped_at, reason)
     SELECT c.1, c.2, now64(6), {nonce:String}, fromUnixTimestamp64Milli(c.3, 'UTC'), c.4
     FROM (SELECT arrayJoin(arrayZip({props:Array(String)}, {ids:Array(String)}, {stopped:Array(Int64)}, {reasons:Array(String)})) AS c)${settings}`,
    { ...scope, nonce, stopped: claims.map((c) => c.stoppedAt.getTime()), reasons: claims.map((c) => c.reason) },
  );
  const settle = db.cluster ? SETTLE_MS.cluster : SETTLE_MS.server;
  const won = new Set<string>();
  let pending = new Set(claims.map((c) => keyOf(c.record.property_id, c.record.id)));
  while (pending.size > 0) {
    const rows = await db.all<{
      property_id: string;
      id: string;
      first_nonce: string;
      first_us: number;
      now_us: number;
      mine: number;
    }>(
      `SELECT property_id, id, argMin(nonce, (claimed_at, nonce)) AS first_nonce, toUnixTimestamp64Micro(min(claimed_at)) AS first_us,
         toUnixTimestamp64Micro(now64(6)) AS now_us, countIf(nonce = {nonce:String}) AS mine
       FROM experiment_stops WHERE property_id IN {props:Array(String)} AND id IN {ids:Array(String)}
       GROUP BY property_id, id`,
      { ...scope, nonce },
    );
    const seen = new Map(rows.map((r) => [keyOf(r.property_id, r.id), r]));
    let waitMs = 0;
    const still = new Set<string>();
    for (const key of pending) {
      const r = seen.get(key);
      if (!r || Number(r.mine) === 0) {
        // Our own claim not readable yet (a lagging replica): look again, but not for ever.
        const left = settle - (Date.now() - insertedAt);
        if (left > 0) {
          still.add(key);
          waitMs = Math.max(waitMs, Math.min(left, 50));
        }
        continue;
      }
      if (r.first_nonce !== nonce) continue; // an earlier claim: another caller stopped it
      const left = settle - (Number(r.now_us) - Number(r.first_us)) / 1000;
      if (left <= 0) won.add(key);
      else {
        still.add(key);
        waitMs = Math.max(waitMs, left);
      }
    }
    pending = still;
    if (pending.size > 0) await sleep(Math.ceil(waitMs));
  }
  return claims
    .filter((c) => won.has(keyOf(c.record.property_id, c.record.id)))
    .map((c) => ({ ...c.record, status: 'complete' as const, stopped_at: c.stoppedAt, reason: c.reason }));
}
