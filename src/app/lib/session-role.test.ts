import { describe, expect, it } from 'vitest';
import { accountRoles } from '../../contract/accounts.js';
import { rolePermissions } from '../../contract/admin.js';
import { adminEndpoints } from '../../contract/admin-endpoints.js';
import { actionRoles, can, whyNot, type DashboardAction } from './session-role.js';

const actions = Object.keys(actionRoles) as DashboardAction[];
/** Who may do what, as issue 43 lists it: viewers read; editors also change tests, goals and funnels; admins also properties, keys and invitations; only owners make sign-in links and change accounts. */
const EXPECTED: Record<(typeof accountRoles)[number], DashboardAction[]> = {
  owner: actions,
  admin: [
    'change split tests',
    'change goals',
    'change saved funnels',
    'manage properties',
    'manage API keys',
    'invite people',
  ],
  editor: ['change split tests', 'change goals', 'change saved funnels'],
  viewer: [],
};

describe('can', () => {
  it('gives each role what the issue lists, and nothing more', () => {
    for (const role of accountRoles) expect(actions.filter((a) => can(role, a))).toEqual(EXPECTED[role]);
  });

  it('agrees with what the server enforces: a role’s key permissions and each admin endpoint’s role', () => {
    for (const role of accountRoles) {
      expect(can(role, 'change split tests')).toBe(rolePermissions(role).includes('experiments'));
      expect(can(role, 'change goals')).toBe(rolePermissions(role).includes('configure'));
      expect(can(role, 'change saved funnels')).toBe(rolePermissions(role).includes('configure'));
    }
    expect(actionRoles['manage API keys']).toBe(adminEndpoints.revokeApiKey.role);
    expect(actionRoles['manage properties']).toBe(adminEndpoints.deleteProperty.role);
    expect(actionRoles['manage properties']).toBe(adminEndpoints.updateProperty.role);
    expect(actionRoles['invite people']).toBe(adminEndpoints.accounts.role);
    expect(actionRoles['change accounts']).toBe(adminEndpoints.accountLink.role);
  });
});

describe('whyNot', () => {
  it('says nothing when the role has the control', () => {
    expect(whyNot('owner', 'create sign-in links')).toBeNull();
    expect(whyNot('editor', 'change goals')).toBeNull();
  });

  it('tells a viewer it reads only, and what the control needs', () => {
    expect(whyNot('viewer', 'change goals')).toBe(
      'Your account can read reports only (viewer). Adding and deleting goals needs the editor role or higher.',
    );
    expect(whyNot('viewer', 'manage API keys')).toBe(
      'Your account can read reports only (viewer). Creating and revoking API keys needs the admin role or higher.',
    );
  });

  it('names the role needed and the account’s own, with the right article; an owner’s action has nothing above it', () => {
    expect(whyNot('editor', 'manage properties')).toBe(
      'Adding, changing and deleting properties needs the admin role or higher; your account is an editor.',
    );
    expect(whyNot('admin', 'create sign-in links')).toBe(
      'Creating sign-in links needs the owner role; your account is an admin.',
    );
  });
});
