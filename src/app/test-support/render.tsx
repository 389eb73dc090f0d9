import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import type { ReactNode } from 'react';
import { apiClient } from '../lib/api-client.js';
import { ConnectionProvider } from '../lib/connection-context.js';
import { saveConnection, type Connection } from '../lib/connection.js';
import { dashboardSearch } from '../lib/dashboard-search.js';
import type { ReportScope } from '../lib/report-scope.js';

/**
 * One place that renders a dashboard component the way the app does: a memory router whose root
 * validates the dashboard's search (so useDashboardView reads it) and one child route at the page's
 * path, React Query, and a key-mode connection, which lists its properties without a server. Any
 * other read hangs (fetch never answers), so a test sees loading states unless it seeds the query
 * client itself; nothing leaves the process.
 */

export const TEST_PROPERTY = 'prop_test';
export const testConnection: Connection = {
  mode: 'key',
  baseUrl: 'https://api.example.test',
  key: 'test-key-123456',
  propertyIds: [TEST_PROPERTY],
};
/** The scope the components build for the test property (timezone UTC: a key connection names none). */
export const testScope = (): ReportScope => ({
  connection: testConnection,
  client: apiClient(testConnection),
  propertyId: TEST_PROPERTY,
  timezone: 'UTC',
  filters: [],
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

interface RenderAtOptions {
  /** The route's path, which is also its id (`/funnels`, `/experiments/new`): components ask for it by `from`. */
  path: string;
  /** The URL's query as the app would have it, e.g. `{ range: 'custom', from: '2026-01-01' }`. */
  search?: Record<string, unknown>;
  /** The route's own search schema (the real route's), for components that read it. */
  validateSearch?: (raw: Record<string, unknown>) => object;
  /** Runs before rendering, with the query client: seed reads here (`setQueryData`). */
  seed?(queryClient: QueryClient): void;
}

/** Renders `Component` as the page at `path`; resolves once the router has rendered it. */
export async function renderAt(
  Component: () => ReactNode,
  { path, search = {}, validateSearch, seed }: RenderAtOptions,
) {
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetch);
  saveConnection(testConnection);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  seed?.(queryClient);
  const rootRoute = createRootRoute({ validateSearch: dashboardSearch, component: Outlet });
  const page = createRoute({ getParentRoute: () => rootRoute, path, validateSearch, component: Component });
  const history = createMemoryHistory({ initialEntries: [path + searchString(search)] });
  const router = createRouter({ routeTree: rootRoute.addChildren([page]), history });
  await router.load();
  const user = userEvent.setup();
  const result = render(
    <ConnectionProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConnectionProvider>,
  );
  /** The URL's search as the router parsed it: what a component wrote with navigate(). */
  const urlSearch = () => router.state.location.search as Record<string, unknown>;
  /** The requests sent with a method other than GET (a save, a create). */
  const writes = () => fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');
  return { ...result, user, router, queryClient, urlSearch, fetch, writes };
}

/** The query string the router itself would write (its JSON-per-value format). */
function searchString(search: Record<string, unknown>): string {
  const params = new URLSearchParams(
    Object.entries(search).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const text = params.toString();
  return text ? `?${text}` : '';
}
