import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const teamRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/team',
  component: lazyRouteComponent(() => import('../features/team/components/team-page.js'), 'TeamPage'),
});
