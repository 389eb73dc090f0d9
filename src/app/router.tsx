import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { accountSecurityRoute } from './routes/account-security.js';
import { aggregateRoute } from './routes/aggregate.js';
import { apiAccessRoute } from './routes/api-access.js';
import { clicksRoute } from './routes/clicks.js';
import { connectRoute } from './routes/connect.js';
import { experimentDetailRoute } from './routes/experiment-detail.js';
import { experimentNewRoute } from './routes/experiment-new.js';
import { experimentsRoute } from './routes/experiments.js';
import { formsRoute } from './routes/forms.js';
import { funnelsRoute } from './routes/funnels.js';
import { goalsRoute } from './routes/goals.js';
import { indexRoute } from './routes/index.js';
import { pageDetailRoute } from './routes/page-detail.js';
import { pagesRoute } from './routes/pages.js';
import { propertiesRoute } from './routes/properties.js';
import { rootRoute } from './routes/root.js';
import { setPasswordRoute } from './routes/set-password.js';
import { shareRoute } from './routes/share.js';
import { teamRoute } from './routes/team.js';
import { trafficRoute } from './routes/traffic.js';

const routeTree = rootRoute.addChildren([
  indexRoute,
  trafficRoute,
  pagesRoute,
  pageDetailRoute,
  clicksRoute,
  formsRoute,
  funnelsRoute,
  goalsRoute,
  aggregateRoute,
  experimentsRoute,
  experimentNewRoute,
  experimentDetailRoute,
  propertiesRoute,
  apiAccessRoute,
  teamRoute,
  connectRoute,
  setPasswordRoute,
  shareRoute,
  accountSecurityRoute,
]);

export function createAppRouter(queryClient: QueryClient) {
  // Loaders only warm React Query; its staleTime decides freshness, so the router never caches on its own.
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
