import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const propertiesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/properties',
  component: lazyRouteComponent(() => import('./properties-page.js'), 'PropertiesRoutePage'),
});
