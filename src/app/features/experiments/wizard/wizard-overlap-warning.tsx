import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { experimentDetailQueryOptions, experimentListQueryOptions } from '../api/experiments-queries.js';
import { overlapWarning, selectorsOf, type RunningTest } from './wizard-overlap-words.js';
import { type ReportScope } from '../../../lib/report-scope.js';
import './wizard-overlap-warning.css';

/**
 * The property's running tests on `page`, with the selectors they change (from each test's detail).
 * Empty while loading or when the list cannot be read: the warning is advice, never a gate.
 */
export function useRunningTestsOn(scope: ReportScope, page: string): RunningTest[] {
  const list = useQuery({ ...experimentListQueryOptions(scope, 'active'), enabled: page !== '' });
  // Kept rows of another filter (keepPreviousData) are not this answer.
  const onPage = list.isPlaceholderData
    ? []
    : (list.data?.data ?? []).filter((t) => t.status === 'active' && t.page === page);
  const details = useQueries({ queries: onPage.map((t) => experimentDetailQueryOptions(scope, t.experiment_id)) });
  return onPage.map((t, i) => {
    const detail = details[i]?.data;
    return { id: t.experiment_id, name: t.name, selectors: detail ? selectorsOf(detail) : [] };
  });
}

interface Props {
  tests: readonly RunningTest[];
  /** The selectors the new test changes; the ones a running test changes too are named. */
  selectors: readonly string[];
}

/** One warning per running test on the page, each linking to that test. */
export function WizardOverlapWarning({ tests, selectors }: Props) {
  if (tests.length === 0) return null;
  return (
    <div className="wizard-overlap" data-testid="wizard-overlap">
      {tests.map((t) => (
        <p key={t.id}>
          <strong>Heads up: </strong>
          {overlapWarning(t, selectors)}{' '}
          <Link
            to="/experiments/$experimentId"
            params={{ experimentId: t.id }}
            search={({ step: _step, page: _page, ...root }) => root}
          >
            Open “{t.name}”
          </Link>
        </p>
      ))}
    </div>
  );
}
