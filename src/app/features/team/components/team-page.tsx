import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminOnly } from '../../../components/admin-only.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { useConnection } from '../../../lib/connection-context.js';
import { propertiesQueryOptions } from '../../../lib/properties-query.js';
import { sessionQueryOptions } from '../../../lib/session-query.js';
import { useCan } from '../../../lib/session-role.js';
import { accountsQueryOptions } from '../api/team-queries.js';
import type { IssuedLink, TeamNotice } from '../utils/team-words.js';
import { AccountTable } from './account-table.js';
import { AuditLog } from './audit-log.js';
import { InviteForm } from './invite-form.js';
import { OneTimeLink } from './one-time-link.js';
import { TwoFactorPolicy } from './two-factor-policy.js';
import '../../../components/forms.css';
import './team.css';

export function TeamPage() {
  const { connection } = useConnection();
  const session = connection.mode === 'session';
  const invite = useCan('invite people');
  const change = useCan('change accounts');
  const audit = useCan('read the audit log');
  const me = useQuery({ ...sessionQueryOptions(), enabled: session });
  const properties = useQuery({ ...propertiesQueryOptions(connection), enabled: session });
  const accounts = useQuery({ ...accountsQueryOptions(), enabled: session && invite.allowed });
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const [notice, setNotice] = useState<TeamNotice | null>(null);

  if (!session) return <AdminOnly title="Team" what="accounts" />;
  return (
    <div className="team">
      <h1 className="page-title">Team</h1>
      <p className="muted intro">
        Everyone who signs in to this dashboard, with the role that decides what they may change and the properties they
        see. An invitation is an account without a password and a one-time link that sets one.
      </p>
      {!invite.allowed ? (
        invite.reason && (
          <p className="muted role-note" data-testid="role-note">
            {invite.reason}
          </p>
        )
      ) : (
        <>
          <div className="team-top">
            {properties.error ? (
              <QueryError error={properties.error} />
            ) : !properties.data || !me.data ? (
              <SkeletonRows rows={4} />
            ) : (
              <InviteForm inviterRole={me.data.role} properties={properties.data} onInvited={setIssued} />
            )}
            {issued && <OneTimeLink issued={issued} onDone={() => setIssued(null)} />}
          </div>
          <section className="card" aria-labelledby="team-list-title">
            <h2 id="team-list-title">Accounts</h2>
            {!change.allowed && change.reason && (
              <p className="muted small role-note" data-testid="team-owner-note">
                Only an owner can change accounts (role, properties, disabling, new links); your account is an admin.
              </p>
            )}
            {/* Always in the page, so a screen reader hears each change as it lands. */}
            <p role="status" className={notice?.error ? 'error team-notice' : 'team-notice'} data-testid="team-notice">
              {notice?.text}
            </p>
            {accounts.error ? (
              <QueryError error={accounts.error} />
            ) : !accounts.data ? (
              <SkeletonRows rows={3} />
            ) : (
              <AccountTable
                accounts={accounts.data}
                properties={properties.data ?? []}
                selfId={me.data?.account?.id ?? null}
                changes={change.allowed ? { onLink: setIssued, onNotice: setNotice } : undefined}
              />
            )}
          </section>
          {change.allowed && <TwoFactorPolicy />}
          {audit.allowed && <AuditLog />}
        </>
      )}
    </div>
  );
}
