import { roleAtLeast, type AccountRole, type SessionAccount } from '../../contract/accounts.js';
import { keyPermissions, type KeyPermission } from '../../contract/admin.js';
import type { AccountRecord } from '../store/store.js';

/**
 * What a role may do through the API a key would use: `viewer` reads (`metrics`); `editor` also
 * changes split tests (`experiments`), goals and saved funnels (`configure`); `admin` and `owner`
 * everything a key can. What only admins and owners may do (properties, keys, accounts) is on the
 * dashboard's own routes (adminEndpoints' `role`).
 */
export function rolePermissions(role: AccountRole): KeyPermission[] {
  return roleAtLeast(role, 'editor') ? [...keyPermissions] : ['metrics'];
}

/** The account as a session shows it. */
export const sessionAccountOf = (a: AccountRecord): SessionAccount => ({
  id: a.id,
  email: a.email,
  role: a.role,
  property_ids: a.property_ids,
});

/** Whether the account may see the property (an account without a property list sees every one). */
export const accountSees = (a: Pick<SessionAccount, 'property_ids'> | null, propertyId: string) =>
  !a || a.property_ids.length === 0 || a.property_ids.includes(propertyId);
