import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { filterDimensions, filterOperators, MAX_FILTER_VALUE_LENGTH, type Filter } from '../../contract/filters.js';
import { formMessages } from '../lib/form-messages.js';
import { addFilter } from '../lib/filter-search.js';
import { FILTER_DIMENSION_LABELS, FILTER_OPERATOR_LABELS } from '../lib/filter-words.js';
import { describedBy } from './form-field.js';

/** One typed filter; the contract's own lists and length limit, so the form cannot build a filter the API refuses. */
const typedFilter = z.object({
  dimension: z.enum(filterDimensions),
  op: z.enum(filterOperators),
  value: z.string().trim().min(1, 'Type a value to filter by.').max(MAX_FILTER_VALUE_LENGTH),
});
type Input = z.input<typeof typedFilter>;
type Output = z.output<typeof typedFilter>;

const EXAMPLES: Record<Output['dimension'], string> = {
  page: '/blog',
  entry_page: '/pricing',
  exit_page: '/checkout',
  referrer: 'google.com',
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring-sale',
  country: 'US',
  device: 'mobile',
  browser: 'Chrome',
  os: 'iOS',
  goal: 'Signup',
};

/** Exact values are compared as the reports show them; a country is its upper-case code. */
const normalise = (v: Output): Filter => ({
  op: v.op,
  dimension: v.dimension,
  values: [v.dimension === 'country' && (v.op === 'is' || v.op === 'is_not') ? v.value.toUpperCase() : v.value],
});

/** "Page contains /blog": dimension, operator and value, added to the filters already on. */
export function AddFilterForm({
  existing,
  onAdd,
  onDone,
}: {
  existing: Filter[];
  onAdd: (filter: Filter) => void;
  onDone: () => void;
}) {
  const { register, handleSubmit, formState, watch, setError } = useForm<Input, unknown, Output>({
    resolver: zodResolver(typedFilter, { error: formMessages }),
    defaultValues: { dimension: 'page', op: 'contains', value: '' },
  });
  const [dimension, op] = watch(['dimension', 'op']);
  const error = formState.errors.value?.message;

  const submit = (values: Output) => {
    const filter = normalise(values);
    if (addFilter(existing, filter) === existing) {
      setError('value', { message: 'That filter is already on.' });
      return;
    }
    onAdd(filter);
    onDone();
  };

  return (
    <form
      id="add-filter-form"
      className="add-filter"
      onSubmit={handleSubmit(submit)}
      noValidate
      aria-label="Add a filter"
    >
      <label className="field">
        <span>Filter by</span>
        <select {...register('dimension')}>
          {filterDimensions.map((d) => (
            <option key={d} value={d}>
              {FILTER_DIMENSION_LABELS[d]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Condition</span>
        <select {...register('op')}>
          {filterOperators.map((o) => (
            <option key={o} value={o}>
              {FILTER_OPERATOR_LABELS[o]}
            </option>
          ))}
        </select>
      </label>
      <div className="field add-filter-value">
        <label htmlFor="filter-value">Value</label>
        <input
          id="filter-value"
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          placeholder={op === 'matches' ? `${EXAMPLES[dimension]}/**` : EXAMPLES[dimension]}
          aria-invalid={!!error}
          aria-describedby={describedBy('filter-value', true)}
          {...register('value')}
        />
        <span id="filter-value-help" className="muted small">
          {op === 'matches'
            ? '* is any text within one path segment, ** any text at all.'
            : op === 'is' || op === 'is_not'
              ? 'The whole value, as the tables show it.'
              : 'Any part of the value, ignoring case.'}
        </span>
        <span id="filter-value-error" className="field-error">
          {error}
        </span>
      </div>
      <div className="add-filter-actions">
        <button type="submit" className="button primary small">
          Apply filter
        </button>
        <button type="button" className="button small" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
