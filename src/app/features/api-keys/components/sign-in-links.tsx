import { CopyButton } from '../../../components/copy-button.js';
import { QueryError } from '../../../components/query-error.js';
import { useCreateSignInLink } from '../api/key-admin.js';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A way in for another browser: a one-time link made by an owner (issue 13 §16). It opens a session
 * without an account, which acts as an owner; a person gets an account of their own from the command
 * line instead. The link is shown here once and kept nowhere else.
 */
export function SignInLinks() {
  const create = useCreateSignInLink();
  return (
    <section className="card" aria-labelledby="sign-in-links-title">
      <h2 id="sign-in-links-title">Sign-in links</h2>
      <p className="muted small">
        Let another browser into this dashboard. Each link works once, within 24 hours, and signs in with an owner’s
        full rights: send it only to people who may manage Sightline. To give a colleague an account with a role of
        their own, run <code>npm run cli -- users create --email … --role viewer</code>.
      </p>
      {create.data ? (
        <div data-testid="sign-in-link">
          <div className="secret-row">
            <code className="secret">{create.data.link}</code>
            <CopyButton text={create.data.link} label="Copy the sign-in link" />
          </div>
          <p className="muted small">Works once, until {when(create.data.expires_at)}.</p>
          <div className="form-actions">
            <button type="button" className="button" onClick={() => create.reset()}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <div className="form-actions">
          <button type="button" className="button" disabled={create.isPending} onClick={() => create.mutate()}>
            {create.isPending ? 'Creating…' : 'Create a sign-in link'}
          </button>
        </div>
      )}
      {create.error && <QueryError error={create.error} />}
    </section>
  );
}
