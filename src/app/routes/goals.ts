import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { prefetchGoals } from '../features/goals/api/prefetch-goals.js';
import { rootRoute } from './root.js';

export const goalsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/goals',
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchGoals(context.queryClient, deps),
  component: lazyRouteComponent(() => import('../features/goals/components/goals-page.js'), 'GoalsPage'),
});
