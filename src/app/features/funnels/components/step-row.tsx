import type { DraftStep } from './use-funnel-draft.js';

interface Props {
  step: DraftStep;
  index: number;
  count: number;
  error: string | undefined;
  onChange(page: string): void;
  onBlur(): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

/** One step: a path with observed pages offered (the shared datalist), and keyboard-usable moves. */
export function StepRow({ step, index, count, error, onChange, onBlur, onMove, onRemove }: Props) {
  const id = `funnel-step-${step.key}`;
  const n = index + 1;
  return (
    <li className="funnel-step" data-step-row={n}>
      <label htmlFor={id} className="funnel-step-label">
        Step {n}
      </label>
      <input
        id={id}
        type="text"
        list="funnel-observed-paths"
        value={step.page}
        placeholder={index === 0 ? '/ (where the funnel starts)' : '/pricing'}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <span className="funnel-step-actions">
        <button type="button" id={`${id}-up`} className="button small" onClick={() => onMove(-1)} disabled={index === 0} aria-label={`Move step ${n} up`}>
          <span aria-hidden="true">↑</span>
        </button>
        <button type="button" id={`${id}-down`} className="button small" onClick={() => onMove(1)} disabled={index === count - 1} aria-label={`Move step ${n} down`}>
          <span aria-hidden="true">↓</span>
        </button>
        <button type="button" className="button small" onClick={onRemove} disabled={count === 1} aria-label={`Remove step ${n}`}>
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
