import { useQuery } from '@tanstack/react-query';
import { roleAtLeast, type AccountRole } from '../../contract/accounts.js';
import { adminEndpoints } from '../../contract/admin-endpoints.js';
import { permissionRoles } from '../../contract/admin.js';
import { useConnection } from './connection-context.js';
import { sessionQueryOptions } from './session-query.js';

/**
 * What the dashboard offers or hides by role, each at the least role the server allows: the key
 * permission a session's role holds (API writes), or the admin endpoint's own `role`. Read from the
 * contract, so a control is hidden exactly where the server would refuse it.
 */
export const actionRoles = {
  'change split tests': permissionRoles.experiments,
  'change goals': permissionRoles.configure,
  'change saved funnels': permissionRoles.configure,
  'manage properties': adminEndpoints.createProperty.role,
  'manage API keys': adminEndpoints.createApiKey.role,
  'create sign-in links': adminEndpoints.createSignInLink.role,
  'invite people': adminEndpoints.inviteAccount.role,
  'change accounts': adminEndpoints.updateAccount.role,
  'read the audit log': adminEndpoints.auditLog.role,
} as const satisfies Record<string, AccountRole>;
export type DashboardAction = keyof typeof actionRoles;

/** The action as the subject of a sentence ("… needs the editor role"). */
const DOING: Record<DashboardAction, string> = {
  'change split tests': 'Creating, changing and stopping split tests',
  'change goals': 'Adding and deleting goals',
  'change saved funnels': 'Saving, renaming and deleting funnels',
  'manage properties': 'Adding, changing and deleting properties',
  'manage API keys': 'Creating and revoking API keys',
  'create sign-in links': 'Creating sign-in links',
  'invite people': 'Seeing the team and inviting people',
  'change accounts': 'Changing accounts (role, properties, disabling, new links)',
  'read the audit log': 'Reading the audit log',
};

/** Whether an account of `role` may do `action`. */
export const can = (role: AccountRole, action: DashboardAction) => roleAtLeast(role, actionRoles[action]);

const withArticle = (role: AccountRole) => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;

/** Why a control is not shown, in one line; null when the role has it. */
export function whyNot(role: AccountRole, action: DashboardAction): string | null {
  if (can(role, action)) return null;
  const needs = actionRoles[action];
  const rule = `${DOING[action]} needs the ${needs} role${needs === 'owner' ? '' : ' or higher'}`;
  return role === 'viewer'
    ? `Your account can read reports only (viewer). ${rule}.`
    : `${rule}; your account is ${withArticle(role)}.`;
}

/**
 * The signed-in role in session mode; undefined while the session loads or when signed out, null in
 * key mode (a key's own permissions decide there, and the server's refusal says which is missing).
 */
export function useSessionRole(): AccountRole | null | undefined {
  const { connection } = useConnection();
  const session = useQuery({ ...sessionQueryOptions(), enabled: connection.mode === 'session' });
  return connection.mode === 'key' ? null : session.data?.role;
}

/**
 * Whether to show the controls of `action`, and why not in words. Nothing is shown while the role is
 * unknown, so a viewer never sees a button come and go; key mode keeps every control.
 */
export function useCan(action: DashboardAction): { allowed: boolean; reason: string | null } {
  const role = useSessionRole();
  if (role === null) return { allowed: true, reason: null };
  if (role === undefined) return { allowed: false, reason: null };
  return { allowed: can(role, action), reason: whyNot(role, action) };
}
