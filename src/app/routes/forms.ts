import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.js';
import { fetchForms } from '../features/forms/api/forms-query.js';
import { interactionsBreakdownQueryOptions } from '../lib/interactions-breakdown-query.js';
import { interactionsSearch } from '../lib/interactions-search.js';
import { prefetchView } from '../lib/prefetch-view.js';

export const formsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forms',
  // Per page or all pages ("group") is part of the view a link reproduces.
  validateSearch: interactionsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    prefetchView(queryClient, deps, (scope, view) => {
      void queryClient.prefetchQuery(
        interactionsBreakdownQueryOptions(scope, 'forms', fetchForms, view.range, view.granularity, deps.group),
      );
      if (view.previous)
        void queryClient.prefetchQuery(
          interactionsBreakdownQueryOptions(scope, 'forms', fetchForms, view.previous, view.granularity, deps.group),
        );
    }),
  component: lazyRouteComponent(() => import('../features/forms/components/forms-page.js'), 'FormsPage'),
});
