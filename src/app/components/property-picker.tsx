import { useNavigate, useSearch } from '@tanstack/react-router';
import type { PropertyChoice } from '../lib/properties-query.js';

export function PropertyPicker({ properties }: { properties: PropertyChoice[] }) {
  const search = useSearch({ from: '__root__' });
  const navigate = useNavigate();
  const current = search.property ?? properties[0]?.id ?? '';
  const known = properties.some((p) => p.id === current);
  return (
    <label className="field">
      <span>Property</span>
      <select
        value={current}
        // A new property has its own zone; drop a zone chosen for the previous one.
        onChange={(e) => navigate({ to: '.', search: (s) => ({ ...s, property: e.target.value, tz: undefined }) })}
      >
        {!known && current && <option value={current}>{current}</option>}
        {properties.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name === p.id ? p.id : `${p.name} (${p.id})`}
          </option>
        ))}
      </select>
    </label>
  );
}
