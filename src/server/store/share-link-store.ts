import type { ShareReport } from '../../contract/share-links.js';

/** A public, read-only link to some of one property's reports (issue 43 §4, docs/share-links.md). */
export interface ShareLinkRecord {
  id: string;
  property_id: string;
  /** SHA-256 of the random token in the link's URL; the token itself is never stored. */
  token_hash: string;
  label: string;
  reports: ShareReport[];
  /** Forced on every read through the link, in the API's wire form (`[op, dimension, values]`). */
  filters: [string, string, (string | null)[]][];
  /** argon2id (passwords.ts); null for a link without a password. */
  password_hash: string | null;
  /** Whether the owner's `frame_ancestors` may frame it (`?embed=1`). */
  embed: boolean;
  frame_ancestors: string[];
  /** Who made it: an account's email, or `sign-in link` for the printed link's session. */
  created_by: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
}

export interface ShareLinkStore {
  createShareLink(r: ShareLinkRecord): Promise<void>;
  /** A property's links, oldest first; every property's without one (export). */
  listShareLinks(propertyId?: string): Promise<ShareLinkRecord[]>;
  getShareLink(id: string): Promise<ShareLinkRecord | null>;
  shareLinkByHash(tokenHash: string): Promise<ShareLinkRecord | null>;
  /** Marks an unrevoked link revoked at `at`; false when there is none or it was revoked already. */
  revokeShareLink(id: string, at: Date): Promise<boolean>;
}
