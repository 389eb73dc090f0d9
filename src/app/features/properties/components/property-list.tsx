import { Link } from '@tanstack/react-router';
import type { AdminProperty } from '../../../../contract/admin.js';
import { DataTable, type Column } from '../../../components/data-table.js';
import { formatDate } from '../../../lib/format.js';

/** Every property, with its snippet, edit form and delete one click away (edit and delete for admins and owners). */
interface Props {
  properties: AdminProperty[];
  onShowSnippet: (p: AdminProperty) => void;
  /** Absent: the account may not change properties, and the buttons are not shown. */
  onEdit?: (p: AdminProperty) => void;
  onDelete?: (p: AdminProperty) => void;
  /** Absent: the account may not manage share links. */
  onShare?: (p: AdminProperty) => void;
}

export function PropertyList({ properties, onShowSnippet, onEdit, onDelete, onShare }: Props) {
  const columns: Column<AdminProperty>[] = [
    { key: 'name', label: 'Name' },
    { key: 'id', label: 'Id', render: (p) => <code>{p.id}</code> },
    { key: 'domain', label: 'Domain', render: (p) => p.domain ?? <span className="muted">—</span> },
    { key: 'timezone', label: 'Time zone' },
    { key: 'created_at', label: 'Created', render: (p) => formatDate(p.created_at.slice(0, 10)) },
    {
      key: 'actions',
      label: 'Actions',
      sortValue: (p) => p.id,
      render: (p) => (
        <span className="row-actions">
          <button
            type="button"
            className="button small"
            onClick={() => onShowSnippet(p)}
            aria-label={`Show the snippet of ${p.name}`}
          >
            Snippet
          </button>
          {onEdit && (
            <button type="button" className="button small" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
              Edit
            </button>
          )}
          {onShare && (
            <button
              type="button"
              className="button small"
              onClick={() => onShare(p)}
              aria-label={`Share links of ${p.name}`}
            >
              Share
            </button>
          )}
          {onDelete && (
            <button type="button" className="button small" onClick={() => onDelete(p)} aria-label={`Delete ${p.name}`}>
              Delete
            </button>
          )}
          <Link
            to="/traffic"
            search={(s) => ({ ...s, property: p.id, tz: undefined })}
            aria-label={`Traffic of ${p.name}`}
          >
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
