import { accountRoles, type AccountRole, type AccountSummary } from '../../../../contract/accounts.js';
import type { PropertyChoice } from '../../../lib/properties-query.js';

/** The state as the table says it; the badge's class is the state itself. */
export const STATE_WORDS: Record<AccountSummary['state'], string> = {
  invited: 'Invited',
  expired: 'Invitation expired',
  active: 'Active',
  disabled: 'Disabled',
};

/**
 * The properties an account sees, by name where this session knows the property (a scoped admin
 * lists only its own), else by id; none listed means every property.
 */
export function propertiesWords(ids: readonly string[], properties: readonly PropertyChoice[]): string {
  if (ids.length === 0) return 'All properties';
  const names = new Map(properties.map((p) => [p.id, p.name]));
  return ids.map((id) => names.get(id) ?? id).join(', ');
}

/** The roles `inviter` may give: the server lets only an owner make an owner. */
export const invitableRoles = (inviter: AccountRole): AccountRole[] =>
  accountRoles.filter((r) => r !== 'owner' || inviter === 'owner');

/** When a link stops working, in the reader's words ("Mar 9, 2026, 2:05 PM"). */
export const linkExpiry = (iso: string, locale = 'en-US') =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** The day an account was made, without the time: the table's column is about who joined when. */
export const createdDay = (iso: string, locale = 'en-US') =>
  new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });

/** What each role may do, short enough for the role picker on a 390 px phone. */
export const ROLE_WORDS: Record<AccountRole, string> = {
  owner: 'Owner: everything, accounts included',
  admin: 'Admin: properties, API keys, invitations',
  editor: 'Editor: split tests, goals, funnels',
  viewer: 'Viewer: reads reports only',
};

/** A link just made for someone, to hand over: shown once, kept nowhere else. */
export interface IssuedLink {
  email: string;
  link: string;
  expiresAt: string;
  /** The server mailed it too (SMTP_URL): the page says so instead of asking to hand it over. */
  mailed: boolean;
}

/** One line for the page's live region: what happened, or what was refused. */
export interface TeamNotice {
  text: string;
  error?: boolean;
}
