import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout.js';
import { dashboardSearch } from '../lib/dashboard-search.js';

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // The schema itself (Standard Schema), so links may omit fields that have defaults.
  validateSearch: dashboardSearch,
  component: AppLayout,
  notFoundComponent: () => (
    <div className="card empty">
      <h2>No page here</h2>
      <p>That address is not part of the dashboard. Use the navigation above.</p>
    </div>
  ),
});
