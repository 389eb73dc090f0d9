import type { ApiKeySummary } from '../../../../contract/admin.js';
import { DataTable, type Column } from '../../../components/data-table.js';
import { formatDate } from '../../../lib/format.js';
import { permissionWords } from './permission-words.js';

const day = (iso: string) => formatDate(iso.slice(0, 10));

/** Keys by name and prefix (the secret is never listed), active ones first. */
export function KeyList({ keys, onRevoke }: { keys: ApiKeySummary[]; onRevoke: (key: ApiKeySummary) => void }) {
  const columns: Column<ApiKeySummary>[] = [
    { key: 'name', label: 'Name' },
    { key: 'prefix', label: 'Prefix', render: (k) => <code>{k.prefix}…</code> },
    {
      key: 'property_ids',
      label: 'Properties',
      render: (k) => k.property_ids.join(', '),
      sortValue: (k) => k.property_ids.join(','),
    },
    {
      key: 'permissions',
      label: 'Permissions',
      render: (k) => permissionWords(k.permissions),
      sortValue: (k) => permissionWords(k.permissions),
    },
    { key: 'created_at', label: 'Created', render: (k) => day(k.created_at) },
    {
      key: 'revoked_at',
      label: 'Status',
      sortValue: (k) => k.revoked_at ?? '',
      render: (k) =>
        k.revoked_at ? (
          <span className="muted">Revoked {day(k.revoked_at)}</span>
        ) : (
          <span className="row-actions">
            <span className="status-active">Active</span>
            <button type="button" className="button small" onClick={() => onRevoke(k)} aria-label={`Revoke ${k.name}`}>
              Revoke
            </button>
          </span>
        ),
    },
  ];
  const ordered = [...keys].sort(
    (a, b) => Number(!!a.revoked_at) - Number(!!b.revoked_at) || b.created_at.localeCompare(a.created_at),
  );
  return (
    <DataTable
      rows={ordered}
      columns={columns}
      caption="API keys"
      csvFilename="api-keys.csv"
      rowKey={(k) => k.id}
      testId="key-list"
      empty={{
        title: 'No keys yet.',
        hint: 'Create one with the form to read reports from a script, a spreadsheet or another dashboard.',
      }}
    />
  );
}
