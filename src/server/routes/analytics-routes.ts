import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Filter } from '../../contract/filters.js';
import { aggregateBody, endpoints, type Endpoint, type EndpointName } from '../../contract/endpoints.js';
import { entryExitPages } from '../analytics/entry-exit-pages.js';
import { funnel } from '../analytics/funnel.js';
import { funnelSankey } from '../analytics/funnel-sankey.js';
import { funnelSuggestions } from '../analytics/funnel-suggestions.js';
import { goalsReport } from '../analytics/goals-report.js';
import { goalsForFilters } from '../analytics/goal-filter-goals.js';
import { clickDetails, clicksBreakdown, formDetails, formsBreakdown } from '../analytics/interactions.js';
import { pageDetails } from '../analytics/page-details.js';
import { pagesBreakdown } from '../analytics/pages-breakdown.js';
import type { ReportContext, ScopeMeta } from '../analytics/report-context.js';
import { trafficBreakdown } from '../analytics/traffic-breakdown.js';
import { trafficRealtime } from '../analytics/traffic-realtime.js';
import { trafficSummary } from '../analytics/traffic-summary.js';
import { trafficTrends } from '../analytics/traffic-trends.js';
import { requireAccess } from '../plugins/api-auth.js';
import { withinBudget } from '../store/report-budget.js';
import type { Store } from '../store/store.js';
import { fastifyPath, parse, scopedProperty } from './route-helpers.js';

const reportFunctions = {
  trafficTrends,
  trafficSummary,
  trafficRealtime,
  trafficBreakdown,
  entryExitPages,
  pagesBreakdown,
  pageDetails,
  clicksBreakdown,
  clickDetails,
  formsBreakdown,
  formDetails,
  funnel,
  funnelSankey,
  funnelSuggestions,
  goalsReport,
};
type ReportName = keyof typeof reportFunctions & EndpointName;
// Typed over the endpoint names, so each report must take its endpoint's query and answer what its response schema accepts.
const reports: { [N in ReportName]: Report<N> } = reportFunctions;

type QueryOf<N extends EndpointName> = (typeof endpoints)[N] extends { query: infer S extends z.ZodType }
  ? z.output<S>
  : Record<string, never>;
/** A report of an endpoint: its parsed query in, a result its response schema accepts out. */
type Report<N extends EndpointName> = (
  ctx: ReportContext<QueryOf<N>>,
) => Promise<z.input<(typeof endpoints)[N]['response']>>;

/**
 * Registers each report endpoint of the contract, and its multi-property aggregate where it has one.
 * A share link's reads (routes/share-routes.ts) are the same reports under its own prefix: `only`
 * those it may make, and no aggregates.
 */
export async function analyticsRoutes(
  app: FastifyInstance,
  opts: { store: Store; budgetMs: number; prefix?: string; only?: readonly string[] },
) {
  for (const name of Object.keys(reports) as ReportName[])
    if (!opts.only || opts.only.includes(name)) reportRoutes(app, opts.store, opts.budgetMs, name, opts.prefix);
}

function reportRoutes<N extends ReportName>(
  app: FastifyInstance,
  store: Store,
  budgetMs: number,
  name: N,
  prefix?: string,
) {
  const report: Report<N> = reports[name];
  const endpoint: Endpoint = endpoints[name];
  const run = async (request: FastifyRequest, propertyIds: string[], scopeMeta: ScopeMeta) => {
    // Parsed with this endpoint's own query schema, so it is this report's query.
    const query = parse(endpoint.query ?? z.object({}), request.query, 'query') as QueryOf<N>;
    return withinBudget(budgetMs, async () => {
      const goals = await goalsForFilters(store, propertyIds, (query as { filters?: Filter[] }).filters);
      return report({ store, propertyIds, scopeMeta, query, now: new Date(), ...(goals ? { goals } : {}) });
    });
  };

  app.get(fastifyPath(endpoint.path, prefix), async (request) => {
    const id = scopedProperty(request);
    return run(request, [id], { property_id: id });
  });
  if (endpoint.aggregatePath && prefix === undefined) {
    app.post(fastifyPath(endpoint.aggregatePath), async (request) => {
      const { propertyIds } = parse(aggregateBody, request.body, 'body');
      const unique = [...new Set(propertyIds)];
      requireAccess(request, unique, 'propertyIds');
      return run(request, unique, { property_ids: unique });
    });
  }
}
