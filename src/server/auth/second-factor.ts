import type { AccountRecord, Store } from '../store/store.js';
import { oneAtATime } from './account-locks.js';
import { acceptedStep, recoveryCodeHash } from './totp.js';

type AccountsStore = Pick<Store, 'getAccount' | 'updateAccount'>;

/** The account with the code's use recorded (its step, or the recovery code gone); null when the code is wrong. */
function afterCode(account: AccountRecord, code: string, nowMs: number, recovery: boolean): AccountRecord | null {
  if (!account.totp_secret) return null;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = acceptedStep(account.totp_secret, trimmed, nowMs, account.totp_last_step);
    return step === null ? null : { ...account, totp_last_step: step };
  }
  if (!recovery) return null;
  const hash = recoveryCodeHash(trimmed);
  if (!account.recovery_code_hashes.includes(hash)) return null;
  return { ...account, recovery_code_hashes: account.recovery_code_hashes.filter((h) => h !== hash) };
}

/**
 * Checks a second factor of an account with two-factor on and uses it up: an app code (whose step
 * and every earlier one then stop working) or, with `recovery`, one of the recovery codes (which then
 * stops working). The account as changed, or null when the code is wrong or two-factor is off.
 */
export function useSecondFactor(
  store: AccountsStore,
  accountId: string,
  code: string,
  opts: { recovery: boolean; nowMs?: number },
): Promise<AccountRecord | null> {
  return oneAtATime(accountId, async () => {
    const account = await store.getAccount(accountId);
    if (!account?.totp_enabled_at) return null;
    const changed = afterCode(account, code, opts.nowMs ?? Date.now(), opts.recovery);
    if (changed) await store.updateAccount(changed);
    return changed;
  });
}

/**
 * Turns two-factor on when the code is right for the secret of the enrolment under way: the account
 * as changed (with the code's step taken and the recovery codes' hashes), or null for a wrong code.
 */
export function confirmEnrolment(
  store: AccountsStore,
  accountId: string,
  code: string,
  recoveryHashes: string[],
  nowMs = Date.now(),
): Promise<AccountRecord | 'not_started' | null> {
  return oneAtATime(accountId, async () => {
    const account = await store.getAccount(accountId);
    if (!account?.totp_secret || account.totp_enabled_at) return 'not_started' as const;
    const changed = afterCode(account, code, nowMs, false);
    if (!changed) return null;
    const on = { ...changed, totp_enabled_at: new Date(nowMs), recovery_code_hashes: recoveryHashes };
    await store.updateAccount(on);
    return on;
  });
}
