import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { z } from 'zod';
import type { experimentListResponse, experimentTypes } from '../../../../contract/experiments.js';
import { RoleGate } from '../../../components/role-gate.js';
import { DataTable, type Column } from '../../../components/data-table.js';
import { Skeleton } from '../../../components/skeleton.js';
import { formatInteger } from '../../../lib/format.js';
import { experimentDetailQueryOptions, type ExperimentsScope } from '../api/experiments-queries.js';
import type { StatusFilter } from './experiments-search.js';
import { ExperimentStatusBadge } from './experiment-status-badge.js';
import { typeLabel } from './experiment-detail-words.js';
import { formatDay } from './variant-figures.js';

type ExperimentType = (typeof experimentTypes)[number];
type ListItem = z.infer<typeof experimentListResponse>['data'][number];

/** A list item plus what only the detail knows (type, end, verdict); empty strings until it arrives. */
interface Row {
  experiment_id: string;
  name: string;
  page: string;
  type: ExperimentType | '';
  status: ListItem['status'];
  started: string;
  ended: string;
  variants: number;
  verdict: string;
}

const pending = <Skeleton width="5rem" />;

export function ExperimentListTable({
  scope,
  items,
  filter,
  timezone,
}: {
  scope: ExperimentsScope;
  items: ListItem[];
  filter: StatusFilter;
  timezone: string;
}) {
  // The list answer has no type, end date or verdict; each test's detail does, and opening a test
  // then shows it at once from the cache.
  const details = useQueries({ queries: items.map((item) => experimentDetailQueryOptions(scope, item.experiment_id)) });
  const loading = new Set(
    items.filter((_, i) => !details[i]?.data && !details[i]?.error).map((item) => item.experiment_id),
  );
  const rows: Row[] = items.map((item, i) => {
    const d = details[i]?.data;
    return {
      experiment_id: item.experiment_id,
      name: item.name,
      page: item.page,
      type: d?.type ?? '',
      status: item.status,
      started: item.created_at,
      ended: d?.stopped_at ?? '',
      variants: item.variant_count,
      verdict: d?.stats.verdict ?? '',
    };
  });

  const columns: Column<Row>[] = [
    {
      key: 'name',
      label: 'Name',
      className: 'name-cell',
      render: (r) => (
        <Link
          to="/experiments/$experimentId"
          params={{ experimentId: r.experiment_id }}
          search={({ status: _, ...root }) => root}
        >
          {r.name}
        </Link>
      ),
    },
    { key: 'page', label: 'Page', className: 'nowrap', render: (r) => <code>{r.page}</code> },
    {
      key: 'type',
      label: 'Type',
      className: 'nowrap',
      render: (r) => (loading.has(r.experiment_id) ? pending : r.type ? typeLabel(r.type) : '—'),
    },
    { key: 'status', label: 'Status', render: (r) => <ExperimentStatusBadge status={r.status} /> },
    { key: 'started', label: 'Started', className: 'nowrap', render: (r) => formatDay(r.started, timezone) },
    {
      key: 'ended',
      label: 'Ended',
      className: 'nowrap',
      render: (r) => (r.ended ? formatDay(r.ended, timezone) : loading.has(r.experiment_id) ? pending : '—'),
    },
    { key: 'variants', label: 'Variants', numeric: true, render: (r) => formatInteger(r.variants) },
    {
      key: 'verdict',
      label: 'Verdict',
      className: 'verdict-cell',
      render: (r) => (loading.has(r.experiment_id) ? pending : r.verdict || '—'),
    },
  ];

  const emptyTitles: Record<StatusFilter, string> = {
    all: 'No experiments yet.',
    active: 'No running experiments.',
    complete: 'No finished experiments.',
    archived: 'No archived experiments.',
  };
  const emptyTitle = emptyTitles[filter];
  return (
    <DataTable
      rows={rows}
      columns={columns}
      caption="Experiments"
      csvFilename={`experiments-${scope.propertyId}-${filter}.csv`}
      empty={{
        title: emptyTitle,
        hint: (
          <>
            An experiment (A/B test) shows some visitors a changed version of a page, or sends them to another page, and
            measures which version reaches your goal more often.{' '}
            <RoleGate action="change split tests" silent>
              <Link to="/experiments/new" search={({ status: _, ...root }) => root}>
                Create an experiment
              </Link>
            </RoleGate>
            {filter !== 'all' && (
              <>
                {' '}
                or{' '}
                <Link to="/experiments" search={(s) => ({ ...s, status: 'all' as const })}>
                  show every experiment
                </Link>
              </>
            )}
            .
          </>
        ),
      }}
      rowKey={(r) => r.experiment_id}
      testId="experiment-list"
    />
  );
}
