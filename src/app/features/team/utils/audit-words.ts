import type { AdminEndpointName, adminEndpoints } from '../../../../contract/admin-endpoints.js';
import type { AuditEntry } from '../../../../contract/audit.js';
import type { EndpointName, endpoints } from '../../../../contract/endpoints.js';

type Table = typeof adminEndpoints & typeof endpoints;
/** The endpoints the server logs: every one that is not a read. */
type WriteName = {
  [N in AdminEndpointName | EndpointName]: Table[N]['method'] extends 'GET' | 'HEAD' ? never : N;
}[AdminEndpointName | EndpointName];

// Keyed by every write, so a new write endpoint fails to compile until it has words here.
const ACTION_WORDS = {
  signIn: 'Signed in',
  signOut: 'Signed out',
  setPassword: 'Set a password',
  createSignInLink: 'Made a sign-in link',
  createProperty: 'Added a property',
  updateProperty: 'Changed a property',
  deleteProperty: 'Deleted a property',
  createApiKey: 'Created an API key',
  revokeApiKey: 'Revoked an API key',
  inviteAccount: 'Invited someone',
  accountLink: 'Made a set-password link',
  updateAccount: 'Changed an account',
  saveFunnel: 'Saved a funnel',
  deleteFunnel: 'Deleted a funnel',
  createSplitTest: 'Created a split test',
  updateSplitTest: 'Changed a split test',
  stopSplitTest: 'Stopped a split test',
  archiveSplitTest: 'Archived a split test',
  restoreSplitTest: 'Restored a split test',
  deleteSplitTest: 'Deleted a split test',
  createGoal: 'Added a goal',
  deleteGoal: 'Deleted a goal',
  createShareLink: 'Made a share link',
  revokeShareLink: 'Revoked a share link',
  signInSecondFactor: 'Signed in with a second factor',
  startTwoFactor: 'Started turning on two-factor',
  confirmTwoFactor: 'Turned on two-factor',
  turnOffTwoFactor: 'Turned off two-factor',
  setTwoFactorPolicy: 'Changed whether two-factor is required',
  resetAccountTwoFactor: "Turned off an account's two-factor",
  requestPasswordReset: 'Asked for a password reset',
  updateMailSubscription: 'Changed their email reports',
} satisfies Record<WriteName, string>;

/** The logged endpoint name as a sentence ("Invited someone"); a name this dashboard does not know stays as it is. */
export const actionWords = (action: string): string =>
  Object.hasOwn(ACTION_WORDS, action) ? ACTION_WORDS[action as WriteName] : action;

/** Who made the change: an account by its email, a key by its name, or the printed link's session. */
export function actorWords(entry: Pick<AuditEntry, 'actor_kind' | 'actor_name'>): string {
  if (entry.actor_kind === 'key') return `API key ‘${entry.actor_name}’`;
  if (entry.actor_kind === 'link') return 'the printed sign-in link';
  return entry.actor_name;
}

/** When, to the second in the reader's time zone: two changes a minute apart must stay apart. */
export const auditWhen = (iso: string, locale = 'en-US', timeZone?: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone });
