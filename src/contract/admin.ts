import { z } from 'zod';
import { accountRoles, roleAtLeast, sessionAccount, type AccountRole } from './accounts.js';
import { propertyId } from './common.js';

/** The dashboard's own API: signed in with the admin session cookie, never with a key. */
export const ADMIN_PREFIX = '/api/admin/v1';

/**
 * What a key may do besides naming its properties, each a different risk (docs/decisions.md, "Key
 * permissions"): `metrics` only reads (reports, aggregates, split tests' lists and details,
 * recommendations, goals and saved funnels); `experiments` creates, changes and stops split tests, i.e.
 * changes what visitors of the property's pages see; `configure` creates, changes and deletes goals and
 * saved funnels, i.e. changes what the reports count, never what visitors see.
 */
export const keyPermissions = ['metrics', 'experiments', 'configure'] as const;
export type KeyPermission = (typeof keyPermissions)[number];
export const keyPermission = z.enum(keyPermissions);
/** A list of permissions in the order of `keyPermissions`, each once: how keys are stored and listed. */
export const canonicalPermissions = (list: readonly string[]): KeyPermission[] =>
  keyPermissions.filter((p) => list.includes(p));
/**
 * The least account role that holds each permission when a session, not a key, calls the API: a
 * `viewer` reads; an `editor` also changes split tests, goals and saved funnels. Here, not on the
 * server, so the dashboard hides exactly the controls the server would refuse.
 */
export const permissionRoles: Record<KeyPermission, AccountRole> = {
  metrics: 'viewer',
  experiments: 'editor',
  configure: 'editor',
};
/** What a role may do through the API a key would use (owner and admin: everything a key can). */
export const rolePermissions = (role: AccountRole): KeyPermission[] =>
  keyPermissions.filter((p) => roleAtLeast(role, permissionRoles[p]));
/**
 * The single strings of the admin API before the list. Each means the permission of that name, as
 * `--permissions metrics` does on the command line: `metrics` reads and nothing more (it once meant
 * every permission, so one word gave a key two different rights depending on where it was typed);
 * `none` is none.
 */
const legacyPermissions: Record<'metrics' | 'none', KeyPermission[]> = { metrics: ['metrics'], none: [] };

/** The header every cookie-borne write carries, with the token `GET /session` gives (docs/decisions.md). */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The session: its CSRF token, the signed-in account (null for the printed link's session, which acts
 * as an owner until there is one) and the role the dashboard shows and hides controls by.
 */
export const sessionResponse = z.object({
  signed_in: z.literal(true),
  csrf_token: z.string(),
  account: sessionAccount.nullable(),
  role: z.enum(accountRoles),
  /** Two-factor is required and this account has not turned it on: only its enrolment and sign-out answer. */
  must_enrol_two_factor: z.boolean().default(false),
});
export const signOutResponse = z.object({ signed_out: z.literal(true) });
/** A new one-time sign-in link for another person or browser (works once, within `expires_at`). */
export const signInLinkResponse = z.object({ link: z.string(), expires_at: z.string() });

/** A property with the two tracker tags to copy (docs/tracking.md): deferred, and synchronous `?p=` for split tests. */
export const adminProperty = z.object({
  id: propertyId,
  name: z.string(),
  domain: z.string().nullable(),
  timezone: z.string(),
  created_at: z.string(),
  snippet: z.string(),
  experiments_snippet: z.string(),
  /**
   * Where the site's pages open, for the dashboard's preview links: the demo site's own origin on a
   * demo server, else `https://{domain}`; null without a domain. Optional: older servers omit it.
   */
  site_origin: z.string().nullable().optional(),
});
export type AdminProperty = z.infer<typeof adminProperty>;
export const propertiesResponse = z.object({ data: z.array(adminProperty) });

/**
 * Where the site is served from, kept as its host ("shop.example.com", with a port if it has one):
 * people paste "https://shop.example.com/" as often as the bare name, and the recommender builds page
 * links as https://{domain}{path}. A path, query or anything that is not a host name is refused.
 */
export const propertyDomain = z
  .string()
  .trim()
  .max(253)
  .transform((value, ctx) => {
    if (value === '') return null;
    let url: URL | null = null;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    } catch {
      url = null;
    }
    const hostOnly =
      url &&
      /^https?:$/.test(url.protocol) &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username &&
      /^[a-z0-9.-]+(:\d+)?$/.test(url.host);
    if (!url || !hostOnly || (!url.hostname.includes('.') && url.hostname !== 'localhost')) {
      ctx.addIssue({ code: 'custom', message: 'a host name such as shop.example.com (no path)' });
      return z.NEVER;
    }
    return url.host;
  });

/** The time zone is checked against the IANA database on the server (400 on `timezone`). */
export const createPropertyBody = z.object({
  id: propertyId,
  name: z.string().trim().min(1).max(200),
  domain: propertyDomain.nullish(),
  timezone: z.string().min(1).max(64).default('UTC'),
});
export type CreatePropertyBody = z.input<typeof createPropertyBody>;

/**
 * `PATCH /properties/{id}`: any of name, domain (null or "" clears it) and time zone; the id never
 * changes (the snippet and API paths carry it), so it and any other key are refused.
 */
export const updatePropertyBody = z
  .strictObject({
    name: createPropertyBody.shape.name.optional(),
    domain: propertyDomain.nullish(),
    timezone: z.string().trim().min(1).max(64).optional(),
  })
  .refine((b) => b.name !== undefined || b.domain !== undefined || b.timezone !== undefined, {
    message: 'nothing to change: send name, domain or timezone',
  });
export type UpdatePropertyBody = z.input<typeof updatePropertyBody>;
/** Whether the snippet is installed: when the property's latest event happened, null before its first. */
export const propertyStatusResponse = z.object({ id: propertyId, last_event_at: z.string().nullable() });
export type PropertyStatus = z.infer<typeof propertyStatusResponse>;
export const deletePropertyResponse = z.object({ id: z.string(), deleted: z.literal(true) });

/** A key as lists show it: never the key or its hash. */
export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  property_ids: z.array(z.string()),
  permissions: z.array(keyPermission),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;
export const keysResponse = z.object({ data: z.array(apiKeySummary) });

/** The dashboard's form: permissions as a list (empty = none). */
export const createKeyFields = z.object({
  name: z.string().trim().min(1).max(100),
  property_ids: z.array(propertyId).min(1).max(100),
  permissions: z.array(keyPermission).max(10).transform(canonicalPermissions),
});
/**
 * `POST /keys`. `permissions` is a list of `keyPermissions` (empty = none), all of them when absent; the
 * old single strings `"metrics"` and `"none"` are still read (see legacyPermissions).
 */
export const createKeyBody = createKeyFields.extend({
  permissions: z
    .union(
      [createKeyFields.shape.permissions, z.enum(['metrics', 'none']).transform((legacy) => legacyPermissions[legacy])],
      {
        error: `a list of ${keyPermissions.join(', ')} (empty for none)`,
      },
    )
    .default([...keyPermissions]),
});
export type CreateKeyBody = z.input<typeof createKeyBody>;
/** `key` is in this response only; the store keeps its hash. */
export const createKeyResponse = z.object({ key: z.string(), record: apiKeySummary });
export const revokeKeyResponse = z.object({ id: z.string(), revoked: z.literal(true) });
