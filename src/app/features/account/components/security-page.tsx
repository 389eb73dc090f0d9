import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminOnly } from '../../../components/admin-only.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { useConnection } from '../../../lib/connection-context.js';
import { sessionQueryOptions } from '../../../lib/session-query.js';
import { twoFactorQueryOptions, useStartTwoFactor } from '../api/two-factor-queries.js';
import { RecoveryCodes } from './recovery-codes.js';
import { TurnOffTwoFactor } from './turn-off-two-factor.js';
import { TwoFactorSetup } from './two-factor-setup.js';
import '../../../components/forms.css';
import './account.css';
import './two-factor.css';

/** The signed-in account's security: two-factor sign-in, turned on with a QR code and a code, or off. */
export function SecurityPage() {
  const { connection } = useConnection();
  const session = connection.mode === 'session';
  const me = useQuery({ ...sessionQueryOptions(), enabled: session });
  const status = useQuery({ ...twoFactorQueryOptions(), enabled: session });
  const start = useStartTwoFactor();
  // Shown once, straight from the confirming answer; gone when dismissed or the page is left.
  const [codes, setCodes] = useState<string[] | null>(null);

  if (!session) return <AdminOnly title="Security" what="your account's sign-in" />;
  const body = () => {
    if (status.error) return <QueryError error={status.error} />;
    if (!status.data) return <SkeletonRows rows={3} />;
    if (codes)
      return (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            start.reset();
          }}
        />
      );
    const s = status.data;
    if (s.enabled)
      return (
        <>
          <p data-testid="two-factor-state">
            Two-factor sign-in is <strong>on</strong> since {new Date(s.enabled_at!).toLocaleDateString()}.{' '}
            {s.recovery_codes_left} of 10 recovery codes left.
          </p>
          {s.required ? (
            <p className="muted">Two-factor is required for everyone here, so it stays on.</p>
          ) : (
            <TurnOffTwoFactor />
          )}
        </>
      );
    if (start.data) return <TwoFactorSetup setup={start.data} onConfirmed={setCodes} />;
    return (
      <>
        <p data-testid="two-factor-state">
          Two-factor sign-in is <strong>off</strong>. With it on, signing in needs your password and a 6-digit code from
          an authenticator app on your phone.
        </p>
        {start.error && (
          <p className="error" role="alert">
            Could not start: {start.error.message}
          </p>
        )}
        <button type="button" className="button primary" disabled={start.isPending} onClick={() => start.mutate()}>
          {start.isPending ? 'Starting…' : 'Set up two-factor'}
        </button>
      </>
    );
  };
  return (
    <section className="card account-card two-factor-page" aria-labelledby="security-title">
      <h1 id="security-title">Security</h1>
      {me.data?.must_enrol_two_factor && (
        <p className="notice" role="status" data-testid="two-factor-required-note">
          This dashboard requires two-factor sign-in. Turn it on to continue.
        </p>
      )}
      {body()}
    </section>
  );
}
