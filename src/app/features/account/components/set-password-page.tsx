import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { passwordLinkParams } from '../../../../contract/accounts.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { passwordLinkQueryOptions } from '../api/account-session.js';
import { linkIsGone, resetCommand } from '../utils/account-error-words.js';
import { SetPasswordForm } from './set-password-form.js';
import '../../../components/forms.css';
import './account.css';

/** What to do when the link cannot be used: only an owner makes another. */
function LinkUnusable({ title, why }: { title: string; why: string }) {
  return (
    <section className="card account-card" aria-labelledby="set-password-title" data-testid="link-unusable">
      <h1 id="set-password-title">{title}</h1>
      <p>{why}</p>
      <p>
        Ask an owner for a new link: <code>{resetCommand()}</code> (with your email) prints one that works for 7 days.
      </p>
      <p className="muted small">
        If you have set your password with it already, sign in from the dashboard’s home page.
      </p>
    </section>
  );
}

/** `/set-password?token=…`: the link an owner sent (users create or reset-password) sets the account's password. */
export function SetPasswordPage() {
  const { token } = useSearch({ from: '/set-password' });
  const navigate = useNavigate();
  const valid = passwordLinkParams.safeParse({ token }).success ? token! : null;
  const link = useQuery({ ...passwordLinkQueryOptions(valid ?? ''), enabled: valid !== null });
  // Used in another tab, or expired, after the page read it.
  const [gone, setGone] = useState(false);

  if (valid === null)
    return (
      <LinkUnusable
        title="This link is incomplete"
        why="The address has no set-password token, or only part of one: open the whole link you were sent."
      />
    );
  if (gone || linkIsGone(link.error))
    return <LinkUnusable title="This link is used or expired" why="A set-password link works once, within 7 days." />;
  if (link.error) return <QueryError error={link.error} />;
  if (!link.data) return <SkeletonRows rows={4} />;
  return (
    <section className="card account-card" aria-labelledby="set-password-title">
      <h1 id="set-password-title">Set your password</h1>
      <p>
        Set the password for <strong data-testid="link-email">{link.data.email}</strong>. You sign in with this email
        and password from now on.
      </p>
      <SetPasswordForm
        token={valid}
        email={link.data.email}
        onLinkGone={() => setGone(true)}
        onDone={() => void navigate({ to: '/traffic', search: {}, replace: true })}
      />
    </section>
  );
}
