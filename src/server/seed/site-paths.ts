// The synthetic site's paths (site-model.ts), and how popularity spreads over a list of them.

export const FEATURES = ['funnels', 'split-tests', 'click-maps', 'form-analytics', 'privacy'].map(
  (f) => `/features/${f}`,
);
export const POSTS = [
  'cookieless-analytics-explained',
  'introducing-split-tests',
  'self-hosting-on-a-5-dollar-vps',
  'duckdb-for-event-data',
  'ab-testing-without-flicker',
  'reading-funnels-right',
  'gdpr-and-analytics',
  'bounce-rate-myths',
  'utm-tagging-guide',
  'migrating-from-google-analytics',
  'statistical-significance-for-humans',
  'clickhouse-vs-duckdb',
].map((s) => `/blog/${s}`);
export const DOCS = ['getting-started', 'installation', 'tracker', 'experiments', 'api', 'self-hosting'].map(
  (d) => `/docs/${d}`,
);

// Popularity falls off like search rankings do: a couple of posts bring most of the readers.
export const zipf = (paths: string[], total: number): [string, number][] => {
  const norm = paths.reduce((s, _, i) => s + 1 / (i + 1), 0);
  return paths.map((p, i) => [p, total / (i + 1) / norm]);
};
export const spread = (paths: string[], total: number): [string, number][] =>
  paths.map((p) => [p, total / paths.length]);
