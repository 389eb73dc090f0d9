import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout.js';
import { loadConnection } from '../lib/connection.js';
import { dashboardSearch } from '../lib/dashboard-search.js';
import { propertiesQueryOptions } from '../lib/properties-query.js';

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // The schema itself (Standard Schema), so links may omit fields that have defaults.
  validateSearch: dashboardSearch,
  // Every page needs the property list first; asking for it here starts it before any page code loads.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(propertiesQueryOptions(loadConnection()));
  },
  component: AppLayout,
  notFoundComponent: () => (
    <div className="card empty">
      <h2>No page here</h2>
      <p>That address is not part of the dashboard. Use the navigation above.</p>
    </div>
  ),
});
