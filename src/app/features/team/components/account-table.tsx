import type { AccountSummary } from '../../../../contract/accounts.js';
import { DataTable, type Column } from '../../../components/data-table.js';
import type { PropertyChoice } from '../../../lib/properties-query.js';
import { createdDay, propertiesWords, STATE_WORDS, type IssuedLink, type TeamNotice } from '../utils/team-words.js';
import { AccountRowActions } from './account-row-actions.js';

/** Every account, with an owner's changes in a last column (absent for an admin, who may only invite). */
export function AccountTable({
  accounts,
  properties,
  selfId,
  changes,
}: {
  accounts: AccountSummary[];
  properties: readonly PropertyChoice[];
  /** The signed-in account, marked "(you)"; null for the printed link's session. */
  selfId: string | null;
  changes?: { onLink: (issued: IssuedLink) => void; onNotice: (notice: TeamNotice) => void };
}) {
  const columns: Column<AccountSummary>[] = [
    {
      key: 'email',
      label: 'Email',
      render: (a) => (
        <>
          {a.email}
          {a.id === selfId && <span className="muted"> (you)</span>}
        </>
      ),
    },
    { key: 'role', label: 'Role' },
    {
      key: 'property_ids',
      label: 'Properties',
      sortValue: (a) => propertiesWords(a.property_ids, properties),
      render: (a) => propertiesWords(a.property_ids, properties),
    },
    {
      key: 'state',
      label: 'State',
      render: (a) => <span className={`team-state ${a.state}`}>{STATE_WORDS[a.state]}</span>,
    },
    {
      key: 'two_factor',
      label: 'Two-factor',
      sortValue: (a) => (a.two_factor ? 1 : 0),
      render: (a) => (a.two_factor ? 'on' : 'off'),
    },
    { key: 'created_at', label: 'Created', render: (a) => createdDay(a.created_at) },
  ];
  if (changes)
    columns.push({
      key: 'changes',
      label: 'Changes',
      sortValue: (a) => a.email,
      render: (a) => <AccountRowActions account={a} properties={properties} {...changes} />,
    });
  return (
    <DataTable
      rows={accounts}
      columns={columns}
      rowKey={(a) => a.id}
      caption="Accounts"
      csvFilename="accounts.csv"
      testId="team-table"
      empty={{ title: 'No accounts yet', hint: 'Invite someone above; their account appears here.' }}
    />
  );
}
