import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error.js';
import { twoFactorPolicyQueryOptions, useSetTwoFactorPolicy } from '../api/two-factor-policy.js';

/** The owner's switch "Require two-factor for everyone": accounts without it can then only turn it on. */
export function TwoFactorPolicy() {
  const policy = useQuery(twoFactorPolicyQueryOptions());
  const set = useSetTwoFactorPolicy();
  const required = set.isPending ? set.variables : policy.data?.required;
  return (
    <section className="card" aria-labelledby="two-factor-policy-title">
      <h2 id="two-factor-policy-title">Two-factor sign-in</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={required ?? false}
          disabled={!policy.data || set.isPending}
          onChange={(e) => set.mutate(e.target.checked)}
          data-testid="require-two-factor"
        />{' '}
        Require two-factor for everyone
      </label>
      <p className="muted small">
        An account without it can then only turn it on (Security) before it sees anything else. Turn yours on first.
      </p>
      {set.error && (
        <p className="error" role="alert">
          Not changed: {set.error instanceof ApiError ? set.error.message : 'the server could not be reached'}.
        </p>
      )}
    </section>
  );
}
