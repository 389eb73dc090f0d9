import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout.js';
import { AccountMenu } from '../features/account/components/account-menu.js';
import { SignInPage } from '../features/account/components/sign-in-page.js';
import { loadConnection } from '../lib/connection.js';
import { dashboardSearch } from '../lib/dashboard-search.js';
import { propertiesQueryOptions } from '../lib/properties-query.js';
import { sessionQueryOptions } from '../lib/session-query.js';

const isSharePage = (pathname: string) => pathname.startsWith('/share/');

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // The schema itself (Standard Schema), so links may omit fields that have defaults.
  validateSearch: dashboardSearch,
  // Every page needs the property list first (and, signed in, the role that decides its controls);
  // asking here starts both before any page code loads.
  loader: ({ context, location }) => {
    // A share link's page is signed out by design: it reads neither the property list nor a session.
    if (isSharePage(location.pathname)) return;
    const connection = loadConnection();
    void context.queryClient.prefetchQuery(propertiesQueryOptions(connection));
    if (connection.mode === 'session') void context.queryClient.prefetchQuery(sessionQueryOptions());
  },
  // The account's pages are a feature; the layout (shared) takes them as slots, so imports flow one way.
  component: function Root() {
    const share = useRouterState({ select: (s) => isSharePage(s.location.pathname) });
    // A share link's page brings its own header: no navigation, account or property picker of the app's.
    return share ? <Outlet /> : <AppLayout signIn={<SignInPage />} accountMenu={<AccountMenu />} />;
  },
  notFoundComponent: () => (
    <div className="card empty">
      <h2>No page here</h2>
      <p>That address is not part of the dashboard. Use the navigation above.</p>
    </div>
  ),
});
