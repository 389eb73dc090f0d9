import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const formsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forms',
  component: lazyRouteComponent(() => import('../features/forms/components/forms-page.js'), 'FormsPage'),
});
