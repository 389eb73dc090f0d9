import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { sessionQueryOptions } from '../../../lib/session-query.js';
import { useSignOut } from '../api/account-session.js';
import './account.css';

/** Who is signed in, with what role, and the way out; shown in the header in session mode. */
export function AccountMenu() {
  const session = useQuery(sessionQueryOptions());
  const signOut = useSignOut();
  if (!session.data) return null;
  const { account, role } = session.data;
  return (
    <div className="account-menu" data-testid="account-menu">
      <span className="account-who">
        {/* The printed link's session has no account: it acts as an owner until one exists. */}
        <span className="account-email">{account ? account.email : 'Signed in with a one-time link'}</span>{' '}
        <span className="role-badge" title="Your role decides what you can change">
          {role}
        </span>
      </span>
      {account && (
        <Link to="/account/security" className="button small">
          Security
        </Link>
      )}
      <button type="button" className="button small" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? 'Signing out…' : 'Sign out'}
      </button>
      {signOut.error && (
        <span className="field-error" role="alert">
          Signing out failed; reload the page and try again.
        </span>
      )}
    </div>
  );
}
