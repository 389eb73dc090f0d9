export type { Granularity } from '../../contract/analytics-query.js';
