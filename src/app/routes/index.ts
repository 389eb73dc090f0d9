import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root.js';

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // Keep whatever view the link carried; Traffic is the landing report.
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/traffic', search });
  },
});
