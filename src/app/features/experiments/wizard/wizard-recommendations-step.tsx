import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { isNotFound } from '../../../lib/api-error.js';
import type { Recommendation } from '../../../../contract/recommendations.js';
import { recommendationsQueryOptions } from '../api/wizard-queries.js';
import { WizardRecommendationCard } from './wizard-recommendation-card.js';
import { overlappingSelectors, overlapWarning } from './wizard-overlap-words.js';
import { useRunningTestsOn } from './wizard-overlap-warning.js';
import { type ReportScope } from '../../../lib/report-scope.js';

interface Props {
  scope: ReportScope;
  page: string;
  chosen: readonly Recommendation[];
  onChosenChange(next: Recommendation[]): void;
}

/** Step 2: the API's test ideas for the page, each with its evidence; the person ticks the ones to test. */
export function WizardRecommendationsStep({ scope, page, chosen, onChosenChange }: Props) {
  const recs = useQuery(recommendationsQueryOptions(scope, page));
  const running = useRunningTestsOn(scope, page);
  // Only where a running test changes the very element an idea would: the Review step warns about the page.
  const warningFor = (r: Recommendation) => {
    const test = running.find((t) => overlappingSelectors(t, [r.element_selector]).length > 0);
    return test ? overlapWarning(test, [r.element_selector]) : undefined;
  };
  if (recs.isPending) return <SkeletonRows rows={6} />;
  // The server's 404 for a page without views blames `page`; other 404s (an unknown property) are errors.
  if (isNotFound(recs.error, 'page')) {
    return (
      <EmptyState title={`No figures for ${page} yet`}>
        Recommendations need page views from the last 30 days. Go on to Changes and set up the variant by hand.
      </EmptyState>
    );
  }
  if (recs.isError) return <QueryError error={recs.error} propertyId={scope.propertyId} />;
  const { recommendations, overall_analysis: analysis } = recs.data;
  const ids = new Set(chosen.map((r) => r.id));
  const toggle = (r: Recommendation, on: boolean) =>
    onChosenChange(on ? [...chosen, r] : chosen.filter((c) => c.id !== r.id));

  return (
    <>
      <details className="wizard-analysis">
        <summary>What the figures of {page} say</summary>
        <p>{analysis}</p>
      </details>
      {recommendations.length === 0 ? (
        <EmptyState title="No recommendations for this page">
          The page's figures give no rule a reason to suggest a change. Go on to Changes and set up the variant by hand.
        </EmptyState>
      ) : (
        <fieldset className="wizard-recs">
          <legend>
            Choose the ideas to test ({chosen.length} of {recommendations.length} chosen); they become editable changes
            in the next step.
          </legend>
          {recommendations.map((r) => (
            <WizardRecommendationCard
              key={r.id}
              recommendation={r}
              checked={ids.has(r.id)}
              onToggle={(on) => toggle(r, on)}
              warning={warningFor(r)}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}
