import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { setPasswordSearch } from '../features/account/set-password-search.js';
import { rootRoute } from './root.js';

// Opened from the link `users create` / `users reset-password` prints; needs no session (app-layout.tsx).
export const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password',
  validateSearch: setPasswordSearch,
  component: lazyRouteComponent(() => import('../features/account/components/set-password-page.js'), 'SetPasswordPage'),
});
