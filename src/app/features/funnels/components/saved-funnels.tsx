import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SavedFunnel } from '../../../../contract/funnels.js';
import { EmptyState } from '../../../components/empty-state.js';
import { RoleGate } from '../../../components/role-gate.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { goalsListQueryOptions } from '../../goals/api/goals-queries.js';
import { savedFunnelsQueryOptions } from '../api/funnel-queries.js';
import type { BuilderFunnel } from '../utils/saved-definition.js';
import { SavedFunnelItem } from './saved-funnel-item.js';
import { SaveFunnelForm } from './save-funnel-form.js';
import { type ReportScope } from '../../../lib/report-scope.js';
import { useCan } from '../../../lib/session-role.js';

interface Props {
  scope: ReportScope;
  /** The builder's funnel once its steps are valid. */
  current: BuilderFunnel | null;
  onOpen(funnel: SavedFunnel): void;
  /** A funnel saved from the builder (new or updated): the one now in use. */
  onSaved(funnel: SavedFunnel): void;
  onStepError(index: number, message: string): void;
}

/** Funnels kept for the property (every key of it sees them): save the current one, open, rename, delete. */
export function SavedFunnels({ scope, current, onOpen, onSaved, onStepError }: Props) {
  const query = useQuery(savedFunnelsQueryOptions(scope));
  const goals = useQuery(goalsListQueryOptions(scope)).data?.data;
  const [opened, setOpened] = useState('');
  const canSave = useCan('change saved funnels').allowed;
  const list = query.data?.data ?? [];
  return (
    <section className="card saved-funnels" aria-labelledby="saved-funnels-title" aria-busy={query.isFetching}>
      <div className="card-head">
        <h2 id="saved-funnels-title">Saved funnels</h2>
      </div>
      <RoleGate action="change saved funnels">
        <SaveFunnelForm scope={scope} funnel={current} onStepError={onStepError} onSaved={onSaved} />
      </RoleGate>
      <p role="status" className="visually-hidden">
        {opened}
      </p>
      {query.error ? (
        <QueryError error={query.error} propertyId={scope.propertyId} />
      ) : !query.data ? (
        <SkeletonRows rows={2} />
      ) : list.length === 0 ? (
        <EmptyState title="No saved funnels yet.">
          {canSave
            ? 'Build a funnel above, give it a name and save it: it stays here for everyone who reads this property.'
            : 'The funnels an editor saves for this property appear here.'}
        </EmptyState>
      ) : (
        <ul className="saved-funnel-list" aria-label="Saved funnels">
          {list.map((f) => (
            <SavedFunnelItem
              key={f.id}
              scope={scope}
              funnel={f}
              current={current}
              goals={goals}
              onSaved={onSaved}
              onOpen={() => {
                onOpen(f);
                setOpened(`Opened “${f.name}” in the builder.`);
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
