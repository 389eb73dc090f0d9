import { CopyButton } from '../../../components/copy-button.js';
import { QueryError } from '../../../components/query-error.js';
import { useCreateSignInLink } from '../api/key-admin.js';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Until Sightline has accounts, the way in for another person or browser: a one-time link made by
 * someone already signed in (issue 13 §16). The link is shown here once and kept nowhere else.
 */
export function SignInLinks() {
  const create = useCreateSignInLink();
  return (
    <section className="card" aria-labelledby="sign-in-links-title">
      <h2 id="sign-in-links-title">Sign-in links</h2>
      <p className="muted small">
        Let a colleague or another browser into this dashboard. Each link works once, within 24 hours, and signs in with
        full admin rights: send it only to people who may manage Sightline.
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
