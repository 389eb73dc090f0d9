import { useEffect, useRef, useState, type FormEvent } from 'react';
import { saveFunnelBody, type SavedFunnel } from '../../../../contract/funnels.js';
import type { Goal } from '../../../../contract/goals.js';
import { useDeleteFunnel, useSaveFunnel } from '../api/saved-funnel-mutations.js';
import { funnelSettingsWords } from '../utils/funnel-settings-words.js';
import { mutationErrorWords } from '../utils/mutation-error-words.js';
import { builderFunnelOf, sameFunnel, saveBody, type BuilderFunnel } from '../utils/saved-definition.js';
import { type ReportScope } from '../../../lib/report-scope.js';
import { useCan } from '../../../lib/session-role.js';

type Mode = 'idle' | 'rename' | 'confirm-delete';

interface Props {
  scope: ReportScope;
  funnel: SavedFunnel;
  /** The builder's funnel when its steps are valid; offered as this funnel's new definition when it differs. */
  current: BuilderFunnel | null;
  onOpen(): void;
  /** After the builder's funnel was saved under this one's name. */
  onSaved(funnel: SavedFunnel): void;
  /** The property's goals, once loaded, to name goal steps. */
  goals: Goal[] | undefined;
}

/** One saved funnel: open it, give it the builder's funnel, rename it in place, or delete it after a confirmation. */
export function SavedFunnelItem({ scope, funnel, current, onOpen, onSaved, goals }: Props) {
  const [mode, setMode] = useState<Mode>('idle');
  const [name, setName] = useState(funnel.name);
  const rename = useSaveFunnel(scope);
  const remove = useDeleteFunnel(scope);
  // A role that may not change saved funnels may still open them in the builder.
  const canChange = useCan('change saved funnels').allowed;
  const focusHere = useRef<HTMLElement | null>(null);
  // Entering rename or confirm focuses its first control; leaving it returns focus to the button that opened it.
  const opener = useRef<Mode>('idle');
  useEffect(() => {
    if (mode !== 'idle') opener.current = mode;
    const back =
      mode === 'idle' && opener.current !== 'idle' ? document.getElementById(`${funnel.id}-${opener.current}`) : null;
    (back ?? focusHere.current)?.focus();
  }, [mode, funnel.id]);
  const checked = saveFunnelBody.shape.name.safeParse(name);
  const saved = builderFunnelOf(funnel);
  const shown = current !== null && sameFunnel(current, saved);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!checked.success) return;
    // Only the name changes: the steps are sent as they are (the API needs them), the rest is left out and kept.
    rename.mutate({ id: funnel.id, name: checked.data, steps: funnel.steps }, { onSuccess: () => setMode('idle') });
  };
  const error = rename.error ?? remove.error;

  return (
    <li className="saved-funnel" data-saved-funnel={funnel.name} aria-current={shown || undefined}>
      <p className="saved-funnel-name">
        {funnel.name}
        {shown && <span className="saved-funnel-shown">open now</span>}
      </p>
      <p className="muted small saved-funnel-steps">
        {funnel.steps.length} {funnel.steps.length === 1 ? 'step' : 'steps'}:{' '}
        {funnel.steps
          .map((s) =>
            s.goal === undefined ? s.page : `goal ${goals?.find((g) => g.id === s.goal)?.name ?? '(deleted)'}`,
          )
          .join(' → ')}
      </p>
      <p className="muted small saved-funnel-settings">{funnelSettingsWords(saved)}</p>
      {mode === 'rename' ? (
        <form
          className="saved-funnel-rename"
          onSubmit={submit}
          onKeyDown={(e) => e.key === 'Escape' && setMode('idle')}
        >
          <label className="form-field">
            <span>New name for “{funnel.name}”</span>
            <input
              ref={(el) => void (focusHere.current = el)}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={!checked.success || undefined}
            />
          </label>
          <div className="saved-funnel-actions">
            <button type="submit" className="button small primary" disabled={!checked.success || rename.isPending}>
              Save name
            </button>
            <button type="button" className="button small" onClick={() => setMode('idle')}>
              Cancel
            </button>
          </div>
        </form>
      ) : mode === 'confirm-delete' ? (
        <div className="saved-funnel-confirm" role="group" aria-label={`Delete “${funnel.name}”?`}>
          <p className="small">Delete “{funnel.name}”? This cannot be undone; past figures do not change.</p>
          <div className="saved-funnel-actions">
            <button
              type="button"
              className="button small danger"
              ref={(el) => void (focusHere.current = el)}
              disabled={remove.isPending}
              onClick={() => remove.mutate(funnel.id)}
            >
              Yes, delete
            </button>
            <button type="button" className="button small" onClick={() => setMode('idle')}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className="saved-funnel-actions">
          <button type="button" className="button small" onClick={onOpen} aria-label={`Open ${funnel.name}`}>
            Open
          </button>
          {canChange && current && !shown && (
            // Edited after opening: keep the name, replace steps, mode, breakdown and filters (the API updates by id).
            <button
              type="button"
              className="button small"
              disabled={rename.isPending}
              onClick={() => rename.mutate(saveBody(current, funnel.name, funnel.id), { onSuccess: onSaved })}
              aria-label={`Save the builder's funnel as ${funnel.name}`}
            >
              Save changes here
            </button>
          )}
          {canChange && (
            <>
              <button
                type="button"
                className="button small"
                id={`${funnel.id}-rename`}
                onClick={() => {
                  setName(funnel.name);
                  setMode('rename');
                }}
                aria-label={`Rename ${funnel.name}`}
              >
                Rename
              </button>
              <button
                type="button"
                className="button small"
                id={`${funnel.id}-confirm-delete`}
                onClick={() => setMode('confirm-delete')}
                aria-label={`Delete ${funnel.name}`}
              >
                Delete
              </button>
            </>
          )}
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {mutationErrorWords(error, scope.connection, scope.propertyId)}
        </p>
      )}
    </li>
  );
}
