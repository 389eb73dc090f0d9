import type { granularities } from '../../contract/analytics-query.js';

export type Granularity = (typeof granularities)[number];
