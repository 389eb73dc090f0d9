import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { ApiError } from '../lib/api-error.js';
import { useConnection } from '../lib/connection-context.js';
import { propertiesQuery } from '../lib/properties-query.js';
import { PropertyPicker } from './property-picker.js';
import { RangeControls } from './range-controls.js';
import { SignInNeeded } from './sign-in-needed.js';

// Only pages that exist are linked; later releases add theirs here.
const NAV = [{ to: '/traffic', label: 'Traffic' }] as const;

export function AppLayout() {
  const { connection } = useConnection();
  const properties = useQuery(propertiesQuery(connection));
  const onConnect = useRouterState({ select: (s) => s.location.pathname === '/connect' });
  const signedOut = properties.error instanceof ApiError && properties.error.status === 401;

  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="app-header">
        <div className="app-header-row">
          <Link to="/traffic" search={(s) => s} className="brand">
            <img src="/favicon.svg" alt="" width="24" height="24" /> Sightline
          </Link>
          <nav aria-label="Reports">
            {NAV.map((item) => (
              <Link key={item.to} to={item.to} search={(s) => s} activeProps={{ 'aria-current': 'page' }}>
                {item.label}
              </Link>
            ))}
            <Link to="/connect" search={(s) => s} activeProps={{ 'aria-current': 'page' }}>
              {connection.mode === 'key' ? `Key: ${new URL(connection.baseUrl).host}` : 'Connect with a key'}
            </Link>
          </nav>
        </div>
        {!onConnect && properties.data && (
          <div className="app-header-row controls">
            <PropertyPicker properties={properties.data} />
            <RangeControls />
          </div>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {signedOut && !onConnect ? <SignInNeeded /> : <Outlet />}
      </main>
    </>
  );
}
