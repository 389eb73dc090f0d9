import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { suggestionsQueryOptions } from '../api/funnel-queries.js';
import { type ReportScope } from '../../../lib/report-scope.js';

interface Props {
  scope: ReportScope;
  observedPaths: string[];
  /** The builder's first step when it is a valid path: suggestions start there unless another is picked. */
  firstStep: string | undefined;
  onUse(pages: string[]): void;
}

/** Funnels people actually walked, starting from a chosen page, each with why it is suggested. */
export function FunnelSuggestions({ scope, observedPaths, firstStep, onUse }: Props) {
  const [picked, setPicked] = useState<string | null>(null);
  const start = picked ?? firstStep ?? observedPaths[0];
  const query = useQuery({ ...suggestionsQueryOptions(scope, start ?? '/'), enabled: start !== undefined });
  const id = useId();
  const options = start && !observedPaths.includes(start) ? [start, ...observedPaths] : observedPaths;
  return (
    <section
      className={`card funnel-suggestions ${query.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby="funnel-suggestions-title"
      aria-busy={query.isFetching}
    >
      <div className="card-head">
        <h2 id="funnel-suggestions-title">Suggestions</h2>
        <span className="muted small">from the last 30 days</span>
      </div>
      <label className="form-field">
        <span>Start page</span>
        <select value={start ?? ''} onChange={(e) => setPicked(e.target.value)} disabled={options.length === 0}>
          {options.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      {query.error ? (
        <QueryError error={query.error} propertyId={scope.propertyId} />
      ) : !start ? (
        <EmptyState title="No pages viewed in this range.">
          Pick a longer range: suggestions start from pages people visited.
        </EmptyState>
      ) : !query.data ? (
        <SkeletonRows rows={3} />
      ) : query.data.data.length === 0 ? (
        <EmptyState title={`No common path starts at ${start}.`}>
          Pick another start page; a funnel is suggested when sessions went on from it in the last 30 days.
        </EmptyState>
      ) : (
        <>
          {/* The two counts differ by definition (the server's pathsAfter vs the funnel's in-order matching): say so, or the figures look wrong. */}
          <p className="muted small funnel-suggestion-note">
            These figures count sessions that went straight from one page to the next, in the last 30 days. A funnel
            opened from a suggestion counts its pages in order with other pages allowed in between, over the range you
            picked, so its figures are usually higher.
          </p>
          <ul className="funnel-suggestion-list">
            {query.data.data.map((s, i) => (
              <li key={s.name} data-suggestion={s.name}>
                <p className="funnel-suggestion-name" id={`${id}-${i}`}>
                  {s.name}
                </p>
                <p className="muted small">{s.rationale}</p>
                <button
                  type="button"
                  className="button small"
                  aria-describedby={`${id}-${i}`}
                  onClick={() => onUse(s.steps.map((st) => st.page))}
                >
                  Use this funnel
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
