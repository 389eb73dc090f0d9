import { z } from 'zod';
import { propertyId } from './common.js';

/** The dashboard's own API: signed in with the admin session cookie, never with a key. */
export const ADMIN_PREFIX = '/api/admin/v1';

export const keyPermissions = ['metrics', 'none'] as const;

export const sessionResponse = z.object({ signed_in: z.literal(true) });
export const signOutResponse = z.object({ signed_out: z.literal(true) });

/** A property with the two tracker tags to copy (docs/tracking.md): deferred, and synchronous `?p=` for split tests. */
export const adminProperty = z.object({
  id: propertyId,
  name: z.string(),
  domain: z.string().nullable(),
  timezone: z.string(),
  created_at: z.string(),
  snippet: z.string(),
  experiments_snippet: z.string(),
});
export type AdminProperty = z.infer<typeof adminProperty>;
export const propertiesResponse = z.object({ data: z.array(adminProperty) });

/** The time zone is checked against the IANA database on the server (400 on `timezone`). */
export const createPropertyBody = z.object({
  id: propertyId,
  name: z.string().trim().min(1).max(200),
  domain: z.string().trim().max(253).nullish(),
  timezone: z.string().min(1).max(64).default('UTC'),
});
export type CreatePropertyBody = z.input<typeof createPropertyBody>;

/** A key as lists show it: never the key or its hash. */
export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  property_ids: z.array(z.string()),
  permissions: z.array(z.string()),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;
export const keysResponse = z.object({ data: z.array(apiKeySummary) });

export const createKeyBody = z.object({
  name: z.string().trim().min(1).max(100),
  property_ids: z.array(propertyId).min(1).max(100),
  permissions: z.enum(keyPermissions).default('metrics'),
});
export type CreateKeyBody = z.input<typeof createKeyBody>;
/** `key` is in this response only; the store keeps its hash. */
export const createKeyResponse = z.object({ key: z.string(), record: apiKeySummary });
export const revokeKeyResponse = z.object({ id: z.string(), revoked: z.literal(true) });
