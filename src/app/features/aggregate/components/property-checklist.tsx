import { useNavigate } from '@tanstack/react-router';
import type { PropertyChoice } from '../../../lib/properties-query.js';
import { selectionParam } from '../aggregate-search.js';
import { MAX_AGGREGATE_PROPERTIES } from '../../../../contract/endpoints.js';

/** Which properties to add up; every change is a navigation, so the URL holds the selection. */
export function PropertyChecklist({ available, selected }: { available: PropertyChoice[]; selected: string[] }) {
  const navigate = useNavigate({ from: '/aggregate' });
  const ids = available.map((p) => p.id);
  const choose = (next: string[]) => navigate({ search: (s) => ({ ...s, properties: selectionParam(next, ids) }) });
  const full = selected.length >= MAX_AGGREGATE_PROPERTIES;

  return (
    <fieldset className="card property-checklist">
      <legend>Properties to add up</legend>
      <div className="checklist-items">
        {available.map((p) => {
          const checked = selected.includes(p.id);
          return (
            <label key={p.id} className="choice">
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && full}
                onChange={(e) =>
                  choose(
                    e.target.checked
                      ? ids.filter((id) => id === p.id || selected.includes(id))
                      : selected.filter((id) => id !== p.id),
                  )
                }
              />
              {p.name === p.id ? p.id : `${p.name} (${p.id})`}
            </label>
          );
        })}
      </div>
      <div className="checklist-actions">
        <button
          type="button"
          className="button small"
          onClick={() => choose(ids.slice(0, MAX_AGGREGATE_PROPERTIES))}
          disabled={selected.length === Math.min(ids.length, MAX_AGGREGATE_PROPERTIES)}
        >
          Select all
        </button>
        <button type="button" className="button small" onClick={() => choose([])} disabled={selected.length === 0}>
          Clear
        </button>
        {ids.length > MAX_AGGREGATE_PROPERTIES && (
          <span className="muted small">At most {MAX_AGGREGATE_PROPERTIES} at a time.</span>
        )}
      </div>
    </fieldset>
  );
}
