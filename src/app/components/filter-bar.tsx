import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import { MAX_FILTERS } from '../../contract/filters.js';
import { editFilters, filtersFromSearch, removeFilter } from '../lib/filter-search.js';
import { filterWords } from '../lib/filter-words.js';
import './filter-bar.css';

// The form (and react-hook-form with it) loads on the first "Add filter": most people filter by clicking rows.
const AddFilterForm = lazy(() => import('./add-filter-form.js').then((m) => ({ default: m.AddFilterForm })));

/**
 * The segment every report on screen shows: one removable chip per filter, "Clear filters", and a
 * small form to type one. Each change is a navigation, so back undoes it and a link keeps it.
 */
export function FilterBar() {
  const search = useSearch({ from: '__root__' });
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  // Closing the form puts focus back where the person opened it, not on the page's top.
  const close = () => {
    setAdding(false);
    addButton.current?.focus();
  };
  const filters = filtersFromSearch(search.filters);
  const edit = (change: Parameters<typeof editFilters>[0]) =>
    navigate({ to: '.', search: editFilters(change), resetScroll: false });
  const full = filters.length >= MAX_FILTERS;

  return (
    <section className="filter-bar" aria-label="Filters">
      {filters.length === 0 ? (
        <p className="muted small filter-hint">
          All visits. Click a row in any table, or add a filter, to see one segment.
        </p>
      ) : (
        <ul className="filter-chips" aria-label="Active filters">
          {filters.map((f, i) => {
            const words = filterWords(f);
            return (
              <li key={`${i}-${words}`} className="filter-chip">
                <span>{words}</span>
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove filter: ${words}`}
                  title="Remove this filter"
                  onClick={() => edit((all) => removeFilter(all, i))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="filter-actions">
        <button
          ref={addButton}
          type="button"
          className="button small"
          aria-expanded={adding}
          aria-controls="add-filter-form"
          disabled={full && !adding}
          title={full ? `At most ${MAX_FILTERS} filters` : undefined}
          onClick={() => setAdding((open) => !open)}
        >
          Add filter
        </button>
        {filters.length > 0 && (
          <button type="button" className="button small" onClick={() => edit(() => [])}>
            Clear filters
          </button>
        )}
      </div>
      {adding && (
        // The fallback carries the form's id: the expanded button controls something while the form's code loads.
        <Suspense
          fallback={
            <p id="add-filter-form" className="muted small">
              Loading the form…
            </p>
          }
        >
          <AddFilterForm onAdd={(filter) => edit((all) => [...all, filter])} onDone={close} existing={filters} />
        </Suspense>
      )}
    </section>
  );
}
