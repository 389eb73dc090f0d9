import { z } from 'zod';
import { propertyId } from './common.js';

// Dashboard accounts (issue 43): who signs in, with what role, on which properties.

/**
 * `owner`: everything, accounts included. `admin`: properties, API keys, experiments, goals, funnels.
 * `editor`: experiments, goals, funnels. `viewer`: reads only. Ordered from most to least.
 */
export const accountRoles = ['owner', 'admin', 'editor', 'viewer'] as const;
export type AccountRole = (typeof accountRoles)[number];

/** Whether `role` is at least `needed` (an owner is everything an admin is, and so on). */
export const roleAtLeast = (role: AccountRole, needed: AccountRole) =>
  accountRoles.indexOf(role) <= accountRoles.indexOf(needed);

export const MIN_PASSWORD_LENGTH = 10;
/** argon2 hashes whatever it is given; a bound keeps one request from costing seconds. */
export const MAX_PASSWORD_LENGTH = 256;
export const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('an email address, e.g. ana@example.com'))
  .transform((e) => e.toLowerCase());
export const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `at most ${MAX_PASSWORD_LENGTH} characters`);

export const signInBody = z.object({ email, password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });
export const setPasswordBody = z.object({
  token: z.string().regex(/^[0-9A-Za-z]{20,64}$/, 'the link’s token'),
  password,
});
export const passwordLinkParams = z.object({ token: z.string().regex(/^[0-9A-Za-z]{20,64}$/, 'the link’s token') });

/** The signed-in account as the dashboard reads it; null for a session from the printed link before any owner exists. */
export const sessionAccount = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(accountRoles),
  /** The properties the account may see; empty: every property. */
  property_ids: z.array(propertyId),
});
export type SessionAccount = z.infer<typeof sessionAccount>;

export const passwordLinkResponse = z.object({ email: z.string() });
export const signedInResponse = z.object({ signed_in: z.literal(true), account: sessionAccount });

/**
 * An account as the Team page lists it. `state`: `invited` (no password yet, its link still live),
 * `expired` (no password, and its link ran out: it needs a new one), `active`, `disabled`.
 */
export const accountSummary = sessionAccount.extend({
  state: z.enum(['invited', 'expired', 'active', 'disabled']),
  created_at: z.string(),
  /** Whether it signs in with a code from an authenticator app besides the password. */
  two_factor: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummary>;
export const accountsResponse = z.object({ data: z.array(accountSummary) });

/** An invitation: a new account without a password, and the link that sets it (valid 7 days, once). */
export const inviteBody = z.object({
  email,
  role: z.enum(accountRoles),
  /** The properties it may see; empty or absent: every property. */
  property_ids: z.array(propertyId).max(1_000).optional(),
});
export const accountLinkResponse = z.object({
  account: accountSummary,
  link: z.string(),
  expires_at: z.string(),
  /** Whether the link was also mailed to the account (SMTP_URL set and the SMTP server took it). */
  mailed: z.boolean(),
});
export const accountParams = z.object({ id: z.string().regex(/^acc_[0-9A-Za-z]{1,40}$/, 'an account id (acc_…)') });
/** An owner's change to an account: its role, its properties, or whether it may sign in. */
export const updateAccountBody = z
  .object({
    role: z.enum(accountRoles).optional(),
    property_ids: z.array(propertyId).max(1_000).optional(),
    disabled: z.boolean().optional(),
  })
  .refine((b) => b.role !== undefined || b.property_ids !== undefined || b.disabled !== undefined, {
    message: 'send role, property_ids and/or disabled',
    path: ['role'],
  });

/** "Forgot password?": a reset link is mailed when the email has an account; the answer is the same either way. */
export const passwordResetBody = z.object({ email });
export const passwordResetResponse = z.object({ accepted: z.literal(true) });
/** Whether this server sends mail (SMTP_URL), so the sign-in page knows to offer a reset by email. */
export const mailStatusResponse = z.object({ mail_configured: z.boolean() });
