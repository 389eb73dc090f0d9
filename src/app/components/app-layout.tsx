import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-error.js';
import { sharedView } from '../lib/dashboard-search.js';
import { useConnection } from '../lib/connection-context.js';
import { propertiesQueryOptions } from '../lib/properties-query.js';
import { sessionQueryOptions } from '../lib/session-query.js';
import { useCan } from '../lib/session-role.js';
import { FilterBar } from './filter-bar.js';
import { headerControlsFor, showsFilters } from './header-controls.js';
import { PropertyPicker } from './property-picker.js';
import { RangeControls } from './range-controls.js';
import { SiteNav } from './site-nav.js';

const REPORTS = [
  { to: '/traffic', label: 'Traffic' },
  { to: '/pages', label: 'Pages' },
  { to: '/clicks', label: 'Clicks' },
  { to: '/forms', label: 'Forms' },
  { to: '/funnels', label: 'Funnels' },
  { to: '/goals', label: 'Goals' },
  { to: '/aggregate', label: 'All properties' },
  { to: '/experiments', label: 'Experiments' },
] as const;
// Managing properties and keys needs the admin session; a key can only read.
const ADMIN = [
  { to: '/properties', label: 'Properties' },
  { to: '/api-access', label: 'API access' },
] as const;
// Only for the roles that may see the team (a smaller role would find a page that only says no).
const TEAM = { to: '/team', label: 'Team' } as const;

// Pages that work without a session: choosing a key, and setting a password from an owner's link.
const OPEN_PATHS = new Set(['/connect', '/set-password']);
const SECURITY = '/account/security';
const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

export function AppLayout({
  signIn,
  accountMenu,
}: {
  /** Shown instead of the page in session mode without a valid session. */
  signIn: ReactNode;
  /** Who is signed in and the way out, in the header while signed in. */
  accountMenu: ReactNode;
}) {
  const { connection } = useConnection();
  const session = connection.mode === 'session';
  const properties = useQuery(propertiesQueryOptions(connection));
  const sessionQuery = useQuery({ ...sessionQueryOptions(), enabled: session });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const controls = headerControlsFor(pathname);
  const team = useCan('invite people');
  const nav = session ? [...REPORTS, ...ADMIN, ...(team.allowed ? [TEAM] : [])] : REPORTS;
  const signedOut = isSignedOut(properties.error) || (session && isSignedOut(sessionQuery.error));
  // Twice: beside the navigation on a wide screen, inside its Menu on a phone (account.css shows one).
  const signedIn = session && !!sessionQuery.data;
  // Two-factor is required and this account has yet to turn it on: every other page would answer 403.
  const mustEnrol = signedIn && sessionQuery.data?.must_enrol_two_factor && pathname !== SECURITY;

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header-row">
          <Link to="/traffic" search={sharedView} className="brand">
            <img src="/favicon.svg" alt="" width="24" height="24" /> Sightline
          </Link>
          <SiteNav
            items={nav}
            connectLabel={connection.mode === 'key' ? `Key: ${new URL(connection.baseUrl).host}` : 'Connect with a key'}
            extra={signedIn && accountMenu}
          />
          {signedIn && accountMenu}
        </div>
        {properties.data && (controls.property || controls.range) && (
          <div className="app-header-row controls">
            {controls.property && <PropertyPicker properties={properties.data} />}
            {controls.range && <RangeControls granularity={controls.granularity} />}
          </div>
        )}
        {properties.data && showsFilters(pathname) && (
          <div className="app-header-row">
            <FilterBar />
          </div>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {signedOut && !OPEN_PATHS.has(pathname) ? signIn : mustEnrol ? <Navigate to={SECURITY} /> : <Outlet />}
      </main>
    </>
  );
}
