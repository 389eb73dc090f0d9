export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  hash: string;
  property_ids: string[];
  permissions: string[];
  created_at: Date;
  revoked_at: Date | null;
}

/** API keys and the admin's sign-in: tokens and sessions, each kept by its hash. */
export interface AuthStore {
  createApiKey(k: ApiKeyRecord): Promise<void>;
  listApiKeys(): Promise<ApiKeyRecord[]>;
  findApiKeysByPrefix(prefix: string): Promise<ApiKeyRecord[]>;
  revokeApiKey(id: string, at: Date): Promise<boolean>;

  /** Stores a one-time sign-in token by its hash. */
  createSignInToken(hash: string, expiresAt: Date): Promise<void>;
  /** Marks the token used; false when it is unknown, used or expired at `now` (single use, atomic). */
  consumeSignInToken(hash: string, now: Date): Promise<boolean>;
  /** Stores an admin session by the hash of its id: an account's, or (null) the printed link's. */
  createAdminSession(hash: string, expiresAt: Date, accountId?: string | null): Promise<void>;
  /** Deletes the session; false when there was none. */
  deleteAdminSession(hash: string): Promise<boolean>;
}
