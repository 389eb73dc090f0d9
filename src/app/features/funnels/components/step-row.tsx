import type { Goal } from '../../../../contract/goals.js';
import { goalDefinitionWords } from '../../goals/utils/goal-words.js';
import type { DraftStep } from './use-funnel-draft.js';

interface Props {
  step: DraftStep;
  index: number;
  count: number;
  error: string | undefined;
  /** The property's goals, once loaded. */
  goals: Goal[] | undefined;
  onChange(patch: Pick<DraftStep, 'page' | 'goal'>): void;
  onBlur(): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

/**
 * One step: a page path with observed pages offered (the shared datalist), or one of the property's
 * goals from a list; keyboard-usable moves. Switching to a goal keeps the typed path, so switching
 * back brings it again.
 */
export function StepRow({ step, index, count, error, goals, onChange, onBlur, onMove, onRemove }: Props) {
  const id = `funnel-step-${step.key}`;
  const n = index + 1;
  const described = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
  return (
    <li className="funnel-step" data-step-row={n}>
      <label htmlFor={id} className="funnel-step-label">
        Step {n}
      </label>
      <span className="funnel-step-target">
        <select
          className="funnel-step-kind"
          aria-label={`Step ${n} is a`}
          value={step.goal === undefined ? 'page' : 'goal'}
          onChange={(e) => onChange({ page: step.page, goal: e.target.value === 'goal' ? '' : undefined })}
        >
          <option value="page">Page</option>
          <option value="goal">Goal</option>
        </select>
        {step.goal === undefined ? (
          <input
            id={id}
            type="text"
            list="funnel-observed-paths"
            value={step.page}
            placeholder={index === 0 ? '/ (where the funnel starts)' : '/pricing'}
            autoComplete="off"
            spellCheck={false}
            {...described}
            onChange={(e) => onChange({ page: e.target.value })}
            onBlur={onBlur}
          />
        ) : (
          <select
            id={id}
            value={step.goal}
            {...described}
            onChange={(e) => onChange({ page: step.page, goal: e.target.value })}
            onBlur={onBlur}
          >
            <option value="">
              {goals === undefined ? 'Loading your goals…' : goals.length === 0 ? 'No goals yet' : 'Choose a goal…'}
            </option>
            {/* A saved funnel's goal deleted since: shown as what it is, with the error saying so. */}
            {goals && step.goal !== '' && !goals.some((g) => g.id === step.goal) && (
              <option value={step.goal}>(a deleted goal)</option>
            )}
            {goals?.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name} · {goalDefinitionWords(g)}
              </option>
            ))}
          </select>
        )}
      </span>
      <span className="funnel-step-actions">
        <button
          type="button"
          id={`${id}-up`}
          className="button small"
          onClick={() => onMove(-1)}
          disabled={index === 0}
          aria-label={`Move step ${n} up`}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          id={`${id}-down`}
          className="button small"
          onClick={() => onMove(1)}
          disabled={index === count - 1}
          aria-label={`Move step ${n} down`}
        >
          <span aria-hidden="true">↓</span>
        </button>
        <button
          type="button"
          className="button small"
          onClick={onRemove}
          disabled={count === 1}
          aria-label={`Remove step ${n}`}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </span>
      {error && (
        <p id={`${id}-error`} className="field-error funnel-step-error">
          {error}
        </p>
      )}
    </li>
  );
}
