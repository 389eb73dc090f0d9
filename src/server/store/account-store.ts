import type { AccountRole } from '../../contract/accounts.js';

/** A dashboard account (issue 43). */
export interface AccountRecord {
  id: string;
  /** Lower case; unique. */
  email: string;
  role: AccountRole;
  /** The properties it may see and change (as its role allows); empty: every property. */
  property_ids: string[];
  /** argon2id, PHC string (passwords.ts); null until a set-password link is used. */
  password_hash: string | null;
  created_at: Date;
  /** When it was disabled; a disabled account cannot sign in and its sessions end. */
  disabled_at: Date | null;
  /** Two-factor sign-in (docs/accounts.md): the TOTP secret in base32, as the server keeps it; set from enrolment on, null when off. */
  totp_secret: string | null;
  /** When a code confirmed the secret; until then two-factor is not on (an enrolment under way). */
  totp_enabled_at: Date | null;
  /** The last 30 s step whose code was accepted: a code of that step or earlier is refused (no replay). */
  totp_last_step: number | null;
  /** SHA-256 of each unused recovery code; a used one leaves the list. */
  recovery_code_hashes: string[];
}

/** The two-factor fields of an account without it (new, or turned off). */
export const TWO_FACTOR_OFF = {
  totp_secret: null,
  totp_enabled_at: null,
  totp_last_step: null,
  recovery_code_hashes: [],
} satisfies Partial<AccountRecord>;

/** Accounts, and the links and sessions that belong to one. */
export interface AccountStore {
  createAccount(a: AccountRecord): Promise<void>;
  listAccounts(): Promise<AccountRecord[]>;
  getAccount(id: string): Promise<AccountRecord | null>;
  findAccountByEmail(email: string): Promise<AccountRecord | null>;
  /** Writes the whole record (its id and email stay). */
  updateAccount(a: AccountRecord): Promise<void>;
  /** Stores a one-time token (by its hash) that signs in as `accountId` and sets its password. */
  createAccountToken(hash: string, accountId: string, expiresAt: Date): Promise<void>;
  /** The account a live, unused token is for; null when it is unknown, used, expired, or not an account's. */
  accountTokenAccount(hash: string, now: Date): Promise<string | null>;
  /** The account a session belongs to: `{ account_id: null }` for one from a printed sign-in link; null when there is no live session. */
  adminSession(hash: string, now: Date): Promise<{ account_id: string | null } | null>;
  /** When each account's newest one-time link (set-password, reset) runs out, by account id. */
  accountLinkExpiries(): Promise<Map<string, Date>>;
  /** Ends every session of the account (disabled, or its password reset). */
  deleteAccountSessions(accountId: string): Promise<void>;
  /** An installation-wide sign-in setting (`require_2fa`), null when never set. */
  getSignInSetting(name: string): Promise<string | null>;
  putSignInSetting(name: string, value: string): Promise<void>;
}
