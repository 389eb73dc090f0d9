import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

// Where an account turns two-factor on or off; where a session that must enrol first is sent (app-layout.tsx).
export const accountSecurityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/security',
  component: lazyRouteComponent(() => import('../features/account/components/security-page.js'), 'SecurityPage'),
});
