import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { MAX_FUNNEL_STEPS, funnelDimensions } from '../../../../contract/funnels.js';
import type { Goal } from '../../../../contract/goals.js';
import { DIMENSION_LABELS, MODE_LABELS } from '../utils/dimension-labels.js';
import type { FunnelDimension, FunnelMode } from '../utils/funnel-search.js';
import { StepRow } from './step-row.js';
import type { DraftStep } from './use-funnel-draft.js';

const MODES: { mode: FunnelMode; label: string; hint: string }[] = [
  {
    mode: 'unbounded',
    label: MODE_LABELS.unbounded,
    hint: 'a session reaches a step once it has viewed that page (or reached that goal) and every earlier one, in any order.',
  },
  {
    mode: 'sequential',
    label: MODE_LABELS.sequential,
    hint: 'the steps must be reached in the order listed, one page view or goal event each; other pages may come between.',
  },
];

interface Props {
  draft: DraftStep[];
  setDraft(next: DraftStep[]): void;
  errors: Record<number, string>;
  observedPaths: string[];
  /** The property's goals, once loaded: what a goal step picks from. */
  goals: Goal[] | undefined;
  mode: FunnelMode;
  setMode(mode: FunnelMode): void;
  breakdownBy: FunnelDimension | undefined;
  setBreakdown(by: FunnelDimension | undefined): void;
  /** Empties the builder for a new funnel (the page may have opened a saved one by itself). */
  onNew(): void;
}

export function FunnelBuilder({
  draft,
  setDraft,
  errors,
  observedPaths,
  goals,
  mode,
  setMode,
  breakdownBy,
  setBreakdown,
  onNew,
}: Props) {
  // An empty step says "enter a path" only once it was left, not the moment it is added.
  const [touched, setTouched] = useState<Set<number>>(new Set());
  const [said, setSaid] = useState('');
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    const id = focusNext.current;
    focusNext.current = null;
    if (!id) return;
    const el = document.getElementById(id) as HTMLButtonElement | null;
    // A row moved to the top or bottom has that button disabled; its other move button takes focus.
    const other = id.endsWith('-up') ? id.replace(/-up$/, '-down') : id.replace(/-down$/, '-up');
    if (el && !el.disabled) el.focus();
    else document.getElementById(other)?.focus();
  }, [draft]);

  const update = (i: number, patch: Pick<DraftStep, 'page' | 'goal'>) =>
    setDraft(draft.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const nameOf = (d: DraftStep) =>
    (d.goal === undefined ? d.page : goals?.find((g) => g.id === d.goal)?.name) || 'Empty step';
  const move = (i: number, by: -1 | 1) => {
    const next = [...draft];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    focusNext.current = `funnel-step-${draft[i].key}-${by < 0 ? 'up' : 'down'}`;
    setSaid(`${nameOf(draft[i])} is now step ${i + by + 1}.`);
    setDraft(next);
  };
  const remove = (i: number) => {
    const next = draft.filter((_, j) => j !== i);
    focusNext.current = `funnel-step-${next[Math.min(i, next.length - 1)].key}`;
    setSaid(`Step ${i + 1} removed.`);
    setDraft(next);
  };
  const add = () => {
    const key = Math.max(0, ...draft.map((d) => d.key)) + 1;
    focusNext.current = `funnel-step-${key}`;
    setDraft([...draft, { key, page: '' }]);
  };
  const empty = (d: DraftStep) => (d.goal === undefined ? d.page === '' : d.goal === '');
  const shown = (i: number) => (empty(draft[i]) && !touched.has(draft[i].key) ? undefined : errors[i]);

  return (
    <section className="card funnel-builder" aria-labelledby="funnel-builder-title">
      <div className="card-head">
        <h2 id="funnel-builder-title">Steps</h2>
        <span className="funnel-builder-head-end">
          <span className="muted small">
            {draft.length} of {MAX_FUNNEL_STEPS}
          </span>
          <button
            type="button"
            className="button small"
            onClick={onNew}
            disabled={draft.every((d) => d.goal === undefined && d.page === '')}
          >
            New funnel
          </button>
        </span>
      </div>
      <datalist id="funnel-observed-paths">
        {observedPaths.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <ol className="funnel-steps">
        {draft.map((step, i) => (
          <StepRow
            key={step.key}
            step={step}
            index={i}
            count={draft.length}
            error={shown(i)}
            goals={goals}
            onChange={(patch) => update(i, patch)}
            onBlur={() => setTouched((t) => new Set(t).add(step.key))}
            onMove={(by) => move(i, by)}
            onRemove={() => remove(i)}
          />
        ))}
      </ol>
      {goals?.length === 0 && draft.some((d) => d.goal !== undefined) && (
        <p className="muted small">
          This property has no goals yet: add one on{' '}
          <Link to="/goals" search={({ steps: _steps, mode: _mode, breakdownBy: _breakdownBy, ...root }) => root}>
            Goals
          </Link>
          , then come back.
        </p>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <button type="button" className="button" onClick={add} disabled={draft.length >= MAX_FUNNEL_STEPS}>
        Add step
      </button>
      <fieldset className="funnel-modes">
        <legend>Count a session at a step when…</legend>
        {MODES.map((m) => (
          <label key={m.mode} className="funnel-mode">
            <input
              type="radio"
              name="funnel-mode"
              value={m.mode}
              checked={mode === m.mode}
              onChange={() => setMode(m.mode)}
            />
            <span>
              <strong>{m.label}</strong>{' '}
              <span className="muted">
                ({m.mode}): {m.hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="form-field funnel-breakdown">
        <span>Break down by</span>
        <select
          value={breakdownBy ?? ''}
          onChange={(e) => setBreakdown((e.target.value || undefined) as FunnelDimension | undefined)}
        >
          <option value="">No breakdown</option>
          {funnelDimensions.map((d) => (
            <option key={d} value={d}>
              {DIMENSION_LABELS[d]}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
