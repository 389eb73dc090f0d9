import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AdminProperty } from '../../../../contract/admin.js';
import { AdminOnly } from '../../../components/admin-only.js';
import { RoleGate } from '../../../components/role-gate.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { useConnection } from '../../../lib/connection-context.js';
import { useCan } from '../../../lib/session-role.js';
import { adminPropertiesQueryOptions } from '../api/property-admin.js';
import { CreatePropertyForm } from './create-property-form.js';
import { DeletePropertyDialog } from './delete-property-dialog.js';
import { EditPropertyForm } from './edit-property-form.js';
import { PropertyList } from './property-list.js';
import { TrackerSnippet } from './tracker-snippet.js';
import { ShareLinksSection } from '../../share/components/share-links-section.js';
import '../../../components/forms.css';
import './properties.css';

/** `children`: sections the app adds below the list (the signed-in person's email reports: routes/properties-page.tsx). */
export function PropertiesPage({ children }: { children?: ReactNode }) {
  const { connection } = useConnection();
  const list = useQuery({ ...adminPropertiesQueryOptions(connection), enabled: connection.mode === 'session' });
  // The right-hand card: a property's snippet (with whether it receives events) or its edit form.
  const [shown, setShown] = useState<{ kind: 'snippet' | 'edit'; property: AdminProperty; fresh?: boolean } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<AdminProperty | null>(null);
  const [sharing, setSharing] = useState<AdminProperty | null>(null);
  const canManage = useCan('manage properties').allowed;

  if (connection.mode === 'key') return <AdminOnly title="Properties" what="properties" />;
  return (
    <div className="properties">
      <h1 className="page-title">Properties</h1>
      <div className="properties-top">
        <RoleGate action="manage properties">
          <CreatePropertyForm onCreated={(property) => setShown({ kind: 'snippet', property, fresh: true })} />
        </RoleGate>
        {shown?.kind === 'edit' ? (
          <EditPropertyForm
            key={shown.property.id}
            property={shown.property}
            onDone={(saved) => setShown(saved ? { kind: 'snippet', property: saved } : null)}
          />
        ) : shown ? (
          <TrackerSnippet property={shown.property} fresh={!!shown.fresh} onClose={() => setShown(null)} />
        ) : (
          <section className="card how-to">
            <h2>How it works</h2>
            <ol>
              <li>Add a property for each site (or app) you want to count separately.</li>
              <li>Copy its snippet onto the site's pages.</li>
              <li>Visits appear in the reports within seconds; pick the property in the header.</li>
            </ol>
          </section>
        )}
      </div>
      <section className="card" aria-labelledby="property-list-title">
        <h2 id="property-list-title">Your properties</h2>
        {list.error ? (
          <QueryError error={list.error} />
        ) : !list.data ? (
          <SkeletonRows rows={3} />
        ) : (
          <PropertyList
            properties={list.data}
            onShowSnippet={(property) => setShown({ kind: 'snippet', property })}
            onEdit={canManage ? (property) => setShown({ kind: 'edit', property }) : undefined}
            onDelete={canManage ? setDeleting : undefined}
            onShare={canManage ? setSharing : undefined}
          />
        )}
      </section>
      {sharing && <ShareLinksSection key={sharing.id} property={sharing} onClose={() => setSharing(null)} />}
      {children}
      {deleting && (
        <DeletePropertyDialog
          property={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            if (shown?.property.id === deleting.id) setShown(null);
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
