import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiKeySummary } from '../../../../contract/admin.js';
import { AdminOnly } from '../../../components/admin-only.js';
import { RoleGate } from '../../../components/role-gate.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { useConnection } from '../../../lib/connection-context.js';
import { useCan } from '../../../lib/session-role.js';
import { sessionQueryOptions } from '../../../lib/session-query.js';
import { propertiesQueryOptions } from '../../../lib/properties-query.js';
import { keysQueryOptions, useRevokeKey } from '../api/key-admin.js';
import { CreateKeyForm, type CreatedKey } from './create-key-form.js';
import { KeyList } from './key-list.js';
import { NewKeyPanel } from './new-key-panel.js';
import { RevokeDialog } from './revoke-dialog.js';
import { SignInLinks } from './sign-in-links.js';
import '../../../components/forms.css';
import './api-keys.css';

export function ApiAccessPage() {
  const { connection } = useConnection();
  const session = connection.mode === 'session';
  // Listing keys is an admin's too (the server answers 403 below), so a smaller role is not asked for them.
  const manage = useCan('manage API keys');
  const properties = useQuery({ ...propertiesQueryOptions(connection), enabled: session && manage.allowed });
  const keys = useQuery({ ...keysQueryOptions(connection), enabled: session && manage.allowed });
  // Owner-rights links are for an installation still without accounts (the server refuses them after).
  const account = useQuery({ ...sessionQueryOptions(), enabled: session }).data?.account;
  const revoke = useRevokeKey();
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);

  if (!session) return <AdminOnly title="API access" what="API keys" />;
  const closeDialog = () => {
    setRevoking(null);
    revoke.reset();
  };
  return (
    <div className="api-access">
      <h1 className="page-title">API access</h1>
      <p className="muted intro">
        Keys call <code>/api/external/v1</code> from scripts, spreadsheets or another dashboard. Each key sees only the
        properties it was made for, and does only what its permissions allow: <strong>read figures and reports</strong>;{' '}
        <strong>create, change and stop split tests</strong>, which changes what visitors of the site see; or{' '}
        <strong>create, change and delete goals and saved funnels</strong>, which changes what the reports count. Give a
        key only what its user needs.
      </p>
      {!manage.allowed ? (
        manage.reason && (
          <p className="muted role-note" data-testid="role-note">
            {manage.reason}
          </p>
        )
      ) : (
        <>
          <div className="api-access-top">
            {properties.error ? (
              <QueryError error={properties.error} />
            ) : !properties.data ? (
              <SkeletonRows rows={4} />
            ) : (
              <CreateKeyForm properties={properties.data} onCreated={setCreated} />
            )}
            {created && <NewKeyPanel created={created} onDone={() => setCreated(null)} />}
          </div>
          <section className="card" aria-labelledby="key-list-title">
            <h2 id="key-list-title">Keys</h2>
            {keys.error ? (
              <QueryError error={keys.error} />
            ) : !keys.data ? (
              <SkeletonRows rows={3} />
            ) : (
              <KeyList keys={keys.data} onRevoke={setRevoking} />
            )}
          </section>
          {account === null && (
            <RoleGate action="create sign-in links">
              <SignInLinks />
            </RoleGate>
          )}
        </>
      )}
      {revoking && (
        <RevokeDialog
          apiKey={revoking}
          pending={revoke.isPending}
          error={revoke.error}
          onCancel={closeDialog}
          onConfirm={() => revoke.mutate(revoking.id, { onSuccess: closeDialog })}
        />
      )}
    </div>
  );
}
