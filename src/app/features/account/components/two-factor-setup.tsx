import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { twoFactorSetupResponse } from '../../../../contract/two-factor.js';
import { CopyButton } from '../../../components/copy-button.js';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { ApiError } from '../../../lib/api-error.js';
import { useConfirmTwoFactor } from '../api/two-factor-queries.js';
import { groupedKey } from '../utils/two-factor-words.js';

type Setup = z.infer<typeof twoFactorSetupResponse>;

/**
 * An enrolment under way: the QR code (an SVG the server drew, shown as an image, so nothing is
 * fetched from elsewhere and no markup of it runs), the key to type instead, and the confirming code.
 */
export function TwoFactorSetup({ setup, onConfirmed }: { setup: Setup; onConfirmed: (codes: string[]) => void }) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError('The 6-digit code from your authenticator app.');
    try {
      onConfirmed((await confirm.mutateAsync(code.trim())).recovery_codes);
    } catch (err) {
      setCode('');
      setError(err instanceof ApiError ? `${err.message}.` : 'The server could not be reached; try again.');
    }
  };
  return (
    <div className="two-factor-setup" data-testid="two-factor-setup">
      <ol className="two-factor-steps">
        <li>
          <p>Scan this code with an authenticator app (1Password, Google Authenticator, Aegis, …):</p>
          <img
            className="two-factor-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
            alt="QR code of your two-factor key for Sightline"
            width={200}
            height={200}
          />
          <p className="muted small">Or type this key into the app (time-based, 6 digits, every 30 seconds):</p>
          <p className="two-factor-key">
            <code data-testid="two-factor-key">{groupedKey(setup.secret)}</code>{' '}
            <CopyButton text={setup.secret} label="Copy the two-factor key" />
          </p>
        </li>
        <li>
          <form onSubmit={submit} noValidate>
            <FormField id="two-factor-confirm" label="Code from the app" error={error ?? undefined}>
              <input
                id="two-factor-confirm"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                aria-invalid={!!error}
                aria-describedby={describedBy('two-factor-confirm')}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
            <FormFooter busy={confirm.isPending} label="Turn on two-factor" busyLabel="Checking…" />
          </form>
        </li>
      </ol>
    </div>
  );
}
