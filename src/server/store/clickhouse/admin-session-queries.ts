import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Store } from '../store.js';
import { DELETED_VERSION } from './row-versions.js';
import { dateOf, type ChDb } from './clickhouse-db.js';
import { chTime } from './sql-fragments.js';

/**
 * How long an attempt to use a sign-in token waits, after its own claim is stored, before reading
 * which claim came first: long enough for a claim stamped earlier on another connection to have
 * become visible (writing a one-row part takes a few ms). See consumeSignInToken.
 */
export const CLAIM_SETTLE_MS = 50;

/**
 * One-time sign-in tokens and admin sessions on ClickHouse, both stored only as SHA-256 hashes. Each
 * answer is read from ClickHouse (FINAL), never from memory, so every Sightline server on the same
 * database agrees: a session deleted through one is refused by all on their next request.
 */
export function adminSessionQueries(
  db: ChDb,
): Pick<
  Store,
  | 'createSignInToken'
  | 'consumeSignInToken'
  | 'createAdminSession'
  | 'adminSession'
  | 'deleteAdminSession'
  | 'createAccountToken'
  | 'accountTokenAccount'
  | 'accountLinkExpiries'
  | 'deleteAccountSessions'
> {
  const sessionExists = async (hash: string, extra = '', params: Record<string, unknown> = {}) =>
    (await db.all(`SELECT 1 FROM admin_sessions FINAL WHERE hash = {hash:String}${extra} LIMIT 1`, { hash, ...params }))
      .length > 0;

  return {
    async createSignInToken(hash, expiresAt) {
      await db.insert('sign_in_tokens', [{ hash, expires_at: chTime(expiresAt), account_id: null }]);
    },
    async createAccountToken(hash, accountId, expiresAt) {
      await db.insert('sign_in_tokens', [{ hash, expires_at: chTime(expiresAt), account_id: accountId }]);
    },
    async accountLinkExpiries() {
      const rows = await db.all<{ account_id: string; expires_at: string }>(
        `SELECT account_id, max(expires_at) AS expires_at FROM sign_in_tokens FINAL
         WHERE account_id IS NOT NULL GROUP BY account_id`,
      );
      return new Map(rows.map((r) => [r.account_id, dateOf(r.expires_at)]));
    },
    async accountTokenAccount(hash, now) {
      // Live and unclaimed, as consumeSignInToken finds a token before it claims it.
      const [row] = await db.all<{ account_id: string }>(
        `SELECT account_id FROM sign_in_tokens FINAL
         WHERE hash = {hash:String} AND expires_at > {now:DateTime64(3, 'UTC')} AND account_id IS NOT NULL
           AND (SELECT count() FROM sign_in_uses WHERE hash = {hash:String}) = 0
         LIMIT 1`,
        { hash, now: chTime(now) },
      );
      return row?.account_id ?? null;
    },

    /**
     * ClickHouse has no transaction to mark a token used exactly once, so every attempt that finds the
     * token live and unused stores a claim (sign_in_uses: the token's hash, a random nonce, and the
     * ClickHouse server's own time in µs, stamped by the insert), waits CLAIM_SETTLE_MS, then reads the
     * token's first claim by (time, nonce). Only the attempt whose claim is first answers true; claims
     * are never deleted, so every later attempt, on any server, finds an earlier claim and answers false.
     *
     * The remaining window: two attempts both answer true only if the claim stamped first became visible
     * to queries more than CLAIM_SETTLE_MS after the other attempt's claim was stored, i.e. one ClickHouse
     * insert took longer than CLAIM_SETTLE_MS between stamping its row and committing it (a stalled
     * server). On a cluster the window also includes the clock difference between the ClickHouse nodes
     * that stamp the claims, and the replication delay when the two attempts read from different replicas
     * of the token's shard (sign_in_uses is sharded by hash, so both claims land on the same shard).
     */
    async consumeSignInToken(hash, now) {
      const [state] = await db.all<{ live: number; claims: number }>(
        `SELECT (SELECT count() FROM sign_in_tokens FINAL WHERE hash = {hash:String} AND expires_at > {now:DateTime64(3, 'UTC')}) AS live,
                (SELECT count() FROM sign_in_uses WHERE hash = {hash:String}) AS claims`,
        { hash, now: chTime(now) },
      );
      if (!state.live || state.claims > 0) return false;
      const nonce = randomUUID();
      await db.insert('sign_in_uses', [{ hash, nonce }], ['hash', 'nonce']);
      await sleep(CLAIM_SETTLE_MS);
      const [first] = await db.all<{ nonce: string }>(
        'SELECT nonce FROM sign_in_uses WHERE hash = {hash:String} ORDER BY at, nonce LIMIT 1',
        { hash },
      );
      return first?.nonce === nonce;
    },

    async createAdminSession(hash, expiresAt, accountId = null) {
      await db.insert('admin_sessions', [
        { hash, expires_at: chTime(expiresAt), version: 1, is_deleted: 0, account_id: accountId },
      ]);
    },
    async adminSession(hash, now) {
      const [row] = await db.all<{ account_id: string | null }>(
        `SELECT account_id FROM admin_sessions FINAL WHERE hash = {hash:String} AND expires_at > {now:DateTime64(3, 'UTC')} LIMIT 1`,
        { hash, now: chTime(now) },
      );
      return row ? { account_id: row.account_id } : null;
    },
    async deleteAccountSessions(accountId) {
      const rows = await db.all<{ hash: string }>(
        'SELECT hash FROM admin_sessions FINAL WHERE account_id = {account:String}',
        { account: accountId },
      );
      if (rows.length === 0) return;
      await db.insert(
        'admin_sessions',
        rows.map((r) => ({
          hash: r.hash,
          expires_at: chTime(new Date(0)),
          version: DELETED_VERSION,
          is_deleted: 1,
          account_id: accountId,
        })),
      );
    },
    async deleteAdminSession(hash) {
      // As the embedded store's DELETE: true for any stored session, expired or not.
      if (!(await sessionExists(hash))) return false;
      await db.insert('admin_sessions', [
        { hash, expires_at: chTime(new Date(0)), version: DELETED_VERSION, is_deleted: 1, account_id: null },
      ]);
      return true;
    },
  };
}
