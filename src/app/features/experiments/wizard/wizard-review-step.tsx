import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useFormContext, useWatch } from 'react-hook-form';
import { createExperimentBody } from '../../../../contract/experiments.js';
import { formatPercent } from '../../../lib/format.js';
import { goalsListQueryOptions } from '../../goals/api/goals-queries.js';
import { DEFAULT_MDE_PERCENT, DEFAULT_MIN_DAYS, toCreateBody, type WizardValues } from './wizard-form.js';
import { stepOfField } from './wizard-field-paths.js';
import { STEP, WIZARD_STEPS } from './wizard-steps.js';
import { slugOfStep } from './wizard-step-clamp.js';
import { WizardField } from './wizard-field.js';
import { useRunningTestsOn, WizardOverlapWarning } from './wizard-overlap-warning.js';
import { type ReportScope } from '../../../lib/report-scope.js';
import { autoStopWords, goalWords, metricsWords, splitShare, versionLines } from './wizard-review-words.js';

/** Which earlier step holds the first field the contract refuses, and what it says, with a way back to it. */
function EarlierStepProblem({ issues }: { issues: readonly { path: PropertyKey[]; message: string }[] }) {
  const navigate = useNavigate();
  const first = issues[0];
  const step = first ? stepOfField(first.path.join('.')) : STEP.page;
  return (
    <p className="muted" data-testid="wizard-review-problem">
      The {WIZARD_STEPS[step]?.title} step still needs attention{first ? ` (${first.message})` : ''}.{' '}
      <button
        type="button"
        className="button small"
        onClick={() => void navigate({ to: '.', search: (s) => ({ ...s, step: slugOfStep(step) }) })}
      >
        Go to {WIZARD_STEPS[step]?.title}
      </button>
    </p>
  );
}

/** Step 5: the test in words (who sees what, the split, the goal), and its name. */
export function WizardReviewStep({ scope }: { scope: ReportScope }) {
  const { control, register } = useFormContext<WizardValues>();
  const values = useWatch({ control }) as WizardValues;
  // The name has its own box and message above: the summary shows whatever it holds (a 600-character
  // name once hid the summary behind "earlier steps need attention").
  const parsed = createExperimentBody.safeParse({ ...toCreateBody(values), name: 'unnamed' });
  const running = useRunningTestsOn(scope, parsed.success ? parsed.data.page : '');
  // Named by the goal picked (the goal step loaded the list, so this reads it from the cache).
  const countsGoal =
    parsed.success && (parsed.data.goal === 'goal' || !!parsed.data.metrics?.some((m) => m.goal === 'goal'));
  const goals = useQuery({ ...goalsListQueryOptions(scope), enabled: countsGoal });
  const alsoMeasures = parsed.success ? metricsWords(parsed.data, goals.data?.data) : null;
  const selectors =
    parsed.success && parsed.data.type === 'nocode'
      ? parsed.data.variants.flatMap((v) => v.changes.map((c) => c.selector))
      : [];

  return (
    <>
      <WizardField label="Experiment name" path="name" hint="How the test appears in the list.">
        {(aria) => <input type="text" {...aria} {...register('name')} />}
      </WizardField>
      {parsed.success ? (
        <section className="wizard-review" aria-label="Summary">
          <p>
            Visitors to <code>{parsed.data.page}</code> are split evenly between {parsed.data.variants.length + 1}{' '}
            versions: each gets about <strong>{formatPercent(splitShare(parsed.data))}</strong> of them, and a returning
            visitor keeps seeing the same one.
          </p>
          <ul className="wizard-versions">
            {versionLines(parsed.data).map((v, i) => (
              <li key={i} data-version={i}>
                <strong>{v.label}</strong>: {v.words.length === 1 ? v.words[0] : null}
                {v.words.length > 1 && (
                  <ul>
                    {v.words.map((w, j) => (
                      <li key={j}>{w}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <p>
            <strong>Goal</strong>: {goalWords(parsed.data, goals.data?.data)}
          </p>
          {alsoMeasures && (
            <p data-testid="review-metrics">
              <strong>Also measures</strong>: {alsoMeasures}
            </p>
          )}
          <p>
            <strong>Auto-stop</strong>: {autoStopWords(parsed.data.auto_stop_days)}
          </p>
          <p data-testid="review-plan">
            <strong>Plan</strong>: find a change of{' '}
            {Math.round((parsed.data.minimum_detectable_effect ?? DEFAULT_MDE_PERCENT / 100) * 100)}% or more; no call
            before {parsed.data.min_days ?? DEFAULT_MIN_DAYS} days
          </p>
          <WizardOverlapWarning tests={running} selectors={selectors} />
          <p className="muted small">The test starts as soon as you create it.</p>
        </section>
      ) : (
        <EarlierStepProblem issues={parsed.error.issues} />
      )}
    </>
  );
}
