import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import type { ShareReport } from '../../../../contract/share-links.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { ApiError } from '../../../lib/api-error.js';
import { sharedViewQueryOptions, useOpenSharedView } from '../api/shared-view-queries.js';
import { SharedDashboard } from './shared-dashboard.js';
import './share.css';

/**
 * A share link's page, `/share/<token>`: asks what the link shows, opens it (after its password,
 * when it has one) and then shows its reports. Signed out is the normal case: no sign-in prompt.
 */
export function SharePage({
  token,
  report,
  embed,
  reportPages,
}: {
  token: string;
  report: ShareReport | undefined;
  embed: boolean;
  /** The report pages themselves (app/routes wires them in, so features do not import each other). */
  reportPages: Record<ShareReport, ComponentType>;
}) {
  const view = useQuery(sharedViewQueryOptions(token));
  const open = useOpenSharedView(token);
  const needsOpening = view.data && !view.data.opened && !view.data.needs_password;
  useEffect(() => {
    if (needsOpening && open.isIdle) open.mutate(undefined);
  }, [needsOpening, open]);

  if (view.error) return <Ended error={view.error} />;
  if (!view.data || needsOpening) return <SkeletonRows rows={6} />;
  if (!view.data.opened) return <PasswordForm propertyName={view.data.property.name} open={open} />;
  return <SharedDashboard view={view.data} report={report} embed={embed} reportPages={reportPages} />;
}

function Ended({ error }: { error: Error }) {
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <section className="card empty share-ended">
      <h1>{gone ? 'This shared view is not available' : 'The shared view could not be opened'}</h1>
      <p>{gone ? `${capitalise(error.message)}.` : error.message} Ask whoever shared it for a new link.</p>
    </section>
  );
}

function PasswordForm({ propertyName, open }: { propertyName: string; open: ReturnType<typeof useOpenSharedView> }) {
  const [password, setPassword] = useState('');
  const error = open.error instanceof ApiError ? open.error : null;
  return (
    <form
      className="card share-password"
      onSubmit={(e) => {
        e.preventDefault();
        open.mutate(password);
      }}
    >
      <h1>Shared view of {propertyName}</h1>
      <p>This link is protected by a password.</p>
      <label htmlFor="share-password">Password</label>
      <input
        id="share-password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-invalid={!!error}
        aria-describedby="share-password-error"
        required
      />
      <p id="share-password-error" className="field-error" role="alert">
        {error && (error.status === 429 ? `Too many tries: wait ${error.retryAfter ?? 60} s.` : 'Wrong password.')}
      </p>
      <button type="submit" className="button primary" disabled={open.isPending}>
        Open
      </button>
    </form>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
