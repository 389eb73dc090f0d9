import { Link } from '@tanstack/react-router';
import type { AdminProperty } from '../../../../contract/admin.js';
import { DataTable, type Column } from '../../../components/data-table.js';
import { formatDate } from '../../../lib/format.js';

/** Every property, with its snippet one click away. */
export function PropertyList({ properties, onShowSnippet }: { properties: AdminProperty[]; onShowSnippet: (p: AdminProperty) => void }) {
  const columns: Column<AdminProperty>[] = [
    { key: 'name', label: 'Name' },
    { key: 'id', label: 'Id', render: (p) => <code>{p.id}</code> },
    { key: 'domain', label: 'Domain', render: (p) => p.domain ?? <span className="muted">—</span> },
    { key: 'timezone', label: 'Time zone' },
    { key: 'created_at', label: 'Created', render: (p) => formatDate(p.created_at.slice(0, 10)) },
    {
      key: 'actions',
      label: 'Open',
      sortValue: (p) => p.id,
      render: (p) => (
        <span className="row-actions">
          <button type="button" className="button small" onClick={() => onShowSnippet(p)} aria-label={`Show the snippet of ${p.name}`}>
            Snippet
          </button>
          <Link to="/traffic" search={(s) => ({ ...s, property: p.id, tz: undefined })} aria-label={`Traffic of ${p.name}`}>
            Traffic
          </Link>
        </span>
      ),
    },
  ];
  return (
    <DataTable
      rows={properties}
      columns={columns}
      caption="Properties"
      csvFilename="properties.csv"
      initialSort="name"
      rowKey={(p) => p.id}
      testId="property-list"
      empty={{ title: 'No properties yet.', hint: 'Add one with the form: you get the snippet to put on your site.' }}
    />
  );
}
