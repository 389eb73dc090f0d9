import { ADMIN_PREFIX } from '../../contract/admin.js';
import { adminEndpoints, type AdminEndpointName } from '../../contract/admin-endpoints.js';
import { fillPath } from '../../contract/path-template.js';
import type { Store } from '../store/store.js';

/** The sign-in setting that requires two-factor of every account (`users require-2fa on|off`, the Team page). */
export const REQUIRE_2FA = 'require_2fa';

/** Whether every account must sign in with two-factor. */
export const twoFactorRequired = async (store: Pick<Store, 'getSignInSetting'>) =>
  (await store.getSignInSetting(REQUIRE_2FA)) === 'on';

// What a session that must turn on two-factor may still do: see who it is, enrol, and leave. The open
// routes (sign-in, set-password) need no session, so a cookie sent along changes nothing there.
const BEFORE_ENROLMENT: AdminEndpointName[] = [
  'adminSession',
  'signOut',
  'twoFactor',
  'startTwoFactor',
  'confirmTwoFactor',
  'twoFactorPolicy',
];
const allowed = new Set(
  Object.entries(adminEndpoints)
    .filter(([name, e]) => BEFORE_ENROLMENT.includes(name as AdminEndpointName) || ('open' in e && e.open))
    .map(([, e]) => `${e.method} ${ADMIN_PREFIX}${fillPath(e.path, (p) => `:${p}`)}`),
);

/** Whether a session that has yet to enrol may make this request (method and Fastify route url). */
export const allowedBeforeEnrolment = (method: string, routeUrl: string | undefined) =>
  allowed.has(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
