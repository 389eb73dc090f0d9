import { useState, type FormEvent } from 'react';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { ApiError } from '../../../lib/api-error.js';
import { useTurnOffTwoFactor } from '../api/two-factor-queries.js';

/** Turning two-factor off proves the person again: the password, or the app's current code. */
export function TurnOffTwoFactor() {
  const off = useTurnOffTwoFactor();
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = proof.trim();
    if (!value) return setError('Your password, or the code your app shows now.');
    try {
      await off.mutateAsync(/^\d{6}$/.test(value) ? { code: value } : { password: proof });
      setProof('');
      setError(null);
    } catch (err) {
      setProof('');
      setError(err instanceof ApiError ? `${err.message}.` : 'The server could not be reached; try again.');
    }
  };
  return (
    <form onSubmit={submit} noValidate className="two-factor-off">
      <h2>Turn off two-factor</h2>
      <FormField
        id="two-factor-off-proof"
        label="Password or current code"
        help="Signing in then needs only your password."
        error={error ?? undefined}
      >
        <input
          id="two-factor-off-proof"
          type="password"
          autoComplete="current-password"
          value={proof}
          aria-invalid={!!error}
          aria-describedby={describedBy('two-factor-off-proof', true)}
          onChange={(e) => setProof(e.target.value)}
        />
      </FormField>
      <FormFooter busy={off.isPending} label="Turn off two-factor" busyLabel="Turning off…" primary={false} />
    </form>
  );
}
