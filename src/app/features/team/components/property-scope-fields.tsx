import type { PropertyChoice } from '../../../lib/properties-query.js';

/** A checkbox list's value with `item` in or out, as the box was just set. */
const toggled = <T,>(list: T[], item: T, on: boolean): T[] => (on ? [...list, item] : list.filter((x) => x !== item));

export type PropertyScope = 'all' | 'some';

/**
 * Which properties an account sees: all of them (and any added later), or the ticked ones. The boxes
 * show only for "some", so a list of fifty properties is not in the way of the usual choice.
 */
export function PropertyScopeFields({
  idPrefix,
  scope,
  ids,
  properties,
  error,
  onScope,
  onIds,
}: {
  idPrefix: string;
  scope: PropertyScope;
  ids: string[];
  properties: readonly PropertyChoice[];
  error?: string;
  onScope: (scope: PropertyScope) => void;
  onIds: (ids: string[]) => void;
}) {
  const errorId = `${idPrefix}-properties-error`;
  return (
    <fieldset className="team-choices" aria-invalid={!!error} aria-describedby={errorId}>
      <legend>Properties</legend>
      <label className="team-choice">
        <input type="radio" name={`${idPrefix}-scope`} checked={scope === 'all'} onChange={() => onScope('all')} />
        All properties, and any added later
      </label>
      <label className="team-choice">
        <input type="radio" name={`${idPrefix}-scope`} checked={scope === 'some'} onChange={() => onScope('some')} />
        Only some
      </label>
      {scope === 'some' && (
        <div className="team-property-boxes">
          {properties.map((p) => (
            <label key={p.id} className="team-choice">
              <input
                type="checkbox"
                checked={ids.includes(p.id)}
                onChange={(e) => onIds(toggled(ids, p.id, e.target.checked))}
              />
              {p.name === p.id ? p.id : `${p.name} (${p.id})`}
            </label>
          ))}
        </div>
      )}
      <span id={errorId} className="field-error">
        {error}
      </span>
    </fieldset>
  );
}
