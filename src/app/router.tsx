import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { connectRoute } from './routes/connect.js';
import { indexRoute } from './routes/index.js';
import { rootRoute } from './routes/root.js';
import { trafficRoute } from './routes/traffic.js';

const routeTree = rootRoute.addChildren([indexRoute, trafficRoute, connectRoute]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
