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
}

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
  /** Ends every session of the account (disabled, or its password reset). */
  deleteAccountSessions(accountId: string): Promise<void>;
}
