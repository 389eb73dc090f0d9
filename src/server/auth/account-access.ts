import type { SessionAccount } from '../../contract/accounts.js';
import type { AccountRecord } from '../store/store.js';

// What a role may do through the API a key would use lives in the contract (rolePermissions), so the
// dashboard shows and hides controls by the same rule; owners and admins manage properties, keys and
// accounts through the dashboard's own routes (adminEndpoints' `role`).
export { rolePermissions } from '../../contract/admin.js';

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
