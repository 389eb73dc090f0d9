import { useState, type FormEvent } from 'react';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { useSecondFactorSignIn } from '../api/two-factor-queries.js';
import { secondFactorErrorWords } from '../utils/two-factor-words.js';

/**
 * The second step of signing in when the account has two-factor on: the authenticator app's code, or
 * one of the recovery codes. The password step's cookie lasts 5 minutes; after that, `onRestart`.
 */
export function SecondFactorForm({ onRestart }: { onRestart: (why: string) => void }) {
  const signIn = useSecondFactorSignIn();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = recovery ? 'sign-in-recovery-code' : 'sign-in-code';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!(recovery ? /^[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}$/ : /^\d{6}$/).test(value)) {
      setError(recovery ? 'A recovery code, e.g. k3f9q-x2mrp.' : 'The 6-digit code from your authenticator app.');
      return;
    }
    try {
      await signIn.mutateAsync({ code: value });
    } catch (err) {
      const words = secondFactorErrorWords(err);
      if (words.restart) onRestart(words.text);
      else {
        setCode('');
        setError(words.text);
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="second-factor-form">
      <p className="muted">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Sightline.'}
      </p>
      <FormField id={id} label={recovery ? 'Recovery code' : 'Code'} error={error ?? undefined}>
        <input
          id={id}
          key={id}
          autoFocus
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={recovery ? 12 : 6}
          value={code}
          aria-invalid={!!error}
          aria-describedby={describedBy(id)}
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      <FormFooter busy={signIn.isPending} label="Sign in" busyLabel="Checking…">
        <button
          type="button"
          className="button"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? 'Use the app’s code' : 'Use a recovery code'}
        </button>
      </FormFooter>
    </form>
  );
}
