import { filterWords } from '../../../lib/filter-words.js';
import { DIMENSION_LABELS, MODE_LABELS } from './dimension-labels.js';
import type { BuilderFunnel } from './saved-definition.js';

/** A saved funnel's settings in a line: "In order · by Device · Referrer is google.com". */
export function funnelSettingsWords(f: Pick<BuilderFunnel, 'mode' | 'breakdownBy' | 'filters'>): string {
  return [
    MODE_LABELS[f.mode],
    f.breakdownBy ? `by ${DIMENSION_LABELS[f.breakdownBy]}` : 'no breakdown',
    ...f.filters.map(filterWords),
  ].join(' · ');
}
