import { useState } from 'react';
import { accountRoles, type AccountRole, type AccountSummary } from '../../../../contract/accounts.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { ApiError } from '../../../lib/api-error.js';
import type { PropertyChoice } from '../../../lib/properties-query.js';
import { useAccountLink, useResetTwoFactor, useUpdateAccount } from '../api/team-queries.js';
import type { IssuedLink, TeamNotice } from '../utils/team-words.js';
import { AccountPropertiesEditor } from './account-properties-editor.js';

const refusal = (error: unknown) => (error instanceof ApiError ? error.message : 'the server could not be reached');

/** An owner's changes to one account: its role, its properties, disabling or enabling it, and a new link. */
export function AccountRowActions({
  account,
  properties,
  onLink,
  onNotice,
}: {
  account: AccountSummary;
  properties: readonly PropertyChoice[];
  onLink: (issued: IssuedLink) => void;
  onNotice: (notice: TeamNotice) => void;
}) {
  const update = useUpdateAccount(account.id);
  const link = useAccountLink(account.id);
  const resetTwoFactor = useResetTwoFactor(account.id);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { email } = account;
  const disabled = account.state === 'disabled';

  const change = (body: Parameters<typeof update.mutate>[0], done: string, after?: () => void) =>
    update.mutate(body, {
      onSuccess: () => {
        onNotice({ text: done });
        after?.();
      },
      // A 409 (the last active owner) is worth reading in full: it says what to do first.
      onError: (error) => onNotice({ text: `${email} was not changed: ${refusal(error)}.`, error: true }),
    });
  const newLink = () =>
    link.mutate(undefined, {
      onSuccess: (made) => {
        onLink({ email, link: made.link, expiresAt: made.expires_at, mailed: made.mailed });
        link.reset();
      },
      onError: (error) => onNotice({ text: `No link for ${email}: ${refusal(error)}.`, error: true }),
    });

  return (
    <div className="team-row-actions">
      <select
        aria-label={`Role of ${email}`}
        value={account.role}
        disabled={update.isPending}
        onChange={(e) => {
          const role = e.target.value as AccountRole;
          change({ role }, `${email} is now ${role === 'owner' || role === 'admin' ? 'an' : 'a'} ${role}.`);
        }}
      >
        {accountRoles.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button small"
        aria-expanded={editing}
        aria-label={`Change the properties of ${email}`}
        onClick={() => setEditing((e) => !e)}
      >
        Properties
      </button>
      <button
        type="button"
        className="button small"
        aria-label={`${disabled ? 'Enable' : 'Disable'} ${email}`}
        onClick={() => setConfirming(true)}
      >
        {disabled ? 'Enable' : 'Disable'}
      </button>
      {!disabled && (
        <button
          type="button"
          className="button small"
          aria-label={`New link for ${email}`}
          disabled={link.isPending}
          onClick={newLink}
        >
          {link.isPending ? 'Making…' : 'New link'}
        </button>
      )}
      {account.two_factor && (
        <button
          type="button"
          className="button small"
          aria-label={`Turn off two-factor for ${email}`}
          onClick={() => setConfirmingReset(true)}
        >
          Turn off two-factor
        </button>
      )}
      {confirmingReset && (
        <ConfirmDialog
          title={`Turn off two-factor for ${email}?`}
          confirmLabel="Turn off two-factor"
          pendingLabel="Turning off…"
          pending={resetTwoFactor.isPending}
          testId="confirm-reset-two-factor"
          error={
            resetTwoFactor.error && (
              <p className="error" role="alert">
                {refusal(resetTwoFactor.error)}
              </p>
            )
          }
          onCancel={() => {
            setConfirmingReset(false);
            resetTwoFactor.reset();
          }}
          onConfirm={() =>
            resetTwoFactor.mutate(undefined, {
              onSuccess: () => {
                onNotice({ text: `${email} signs in with the password alone until they turn two-factor on again.` });
                setConfirmingReset(false);
              },
            })
          }
        >
          <p>
            For a lost phone: their password alone signs them in, and their old codes and recovery codes stop working.
            If two-factor is required, they must set it up again when they next sign in.
          </p>
        </ConfirmDialog>
      )}
      {editing && (
        <AccountPropertiesEditor
          account={account}
          properties={properties}
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSave={(property_ids) =>
            change({ property_ids }, `${email}’s properties are saved.`, () => setEditing(false))
          }
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={disabled ? `Enable ${email}?` : `Disable ${email}?`}
          confirmLabel={disabled ? 'Enable' : 'Disable'}
          pendingLabel={disabled ? 'Enabling…' : 'Disabling…'}
          pending={update.isPending}
          testId="confirm-account-state"
          error={
            update.error && (
              <p className="error" role="alert">
                {refusal(update.error)}
              </p>
            )
          }
          onCancel={() => {
            setConfirming(false);
            update.reset();
          }}
          onConfirm={() =>
            change({ disabled: !disabled }, disabled ? `${email} may sign in again.` : `${email} is disabled.`, () =>
              setConfirming(false),
            )
          }
        >
          <p>
            {disabled
              ? 'They can sign in again with their password, or with a new link if they never set one.'
              : 'They are signed out at once, cannot sign in, and an unused link of theirs stops working. You can enable them again.'}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
