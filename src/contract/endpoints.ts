import { z } from 'zod';
import type { AccountRole } from './accounts.js';
import * as q from './analytics-query.js';
import * as r from './analytics-response.js';
import * as f from './funnels.js';
import * as x from './experiments.js';
import * as xr from './experiment-results.js';
import * as rec from './recommendations.js';
import * as pe from './page-elements.js';
import * as g from './goals.js';
import type { KeyPermission } from './admin.js';
import { propertyId } from './common.js';

export const API_PREFIX = '/api/external/v1';
export const MAX_AGGREGATE_PROPERTIES = 20;

/** Body of every multi-property aggregate endpoint. */
export const aggregateBody = z.object({
  propertyIds: z.array(propertyId).min(1).max(MAX_AGGREGATE_PROPERTIES),
});

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI-style path under its table's prefix (API_PREFIX, or ADMIN_PREFIX for `adminEndpoints`); `{propertyId}` is the scoped property. */
  path: string;
  summary: string;
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodObject;
  response: z.ZodType;
  /** Success status when not 200. */
  status?: number;
  /** The POST path that answers the same report over several properties. */
  aggregatePath?: string;
  /** When the endpoint answers 409 `conflict`. */
  conflict?: string;
  /**
   * The key permission it needs besides the property (403 `forbidden` naming it): `metrics` when absent,
   * `experiments` for split-test writes, `configure` for goal and saved-funnel writes.
   */
  permission?: KeyPermission;
  /**
   * Dashboard routes (`adminEndpoints`) only: the least account role that may call it (403 below it);
   * absent: any signed-in account. Open routes (`open: true`) need no session at all.
   */
  role?: AccountRole;
  open?: boolean;
}

const experimentParams = z.object({ experimentId: z.string().min(1).max(64) });
const completeConflict = 'the split test is already complete (a stopped test cannot change or restart)';
const runningConflict = 'the split test is still running: stop it first';

const agg = (p: string) => `/properties/aggregate/${p}`;

/**
 * Every endpoint of the API: the server registers routes from this table, openapi.json is generated
 * from it, and the dashboard's client parses responses with the same schemas.
 */
export const endpoints = {
  trafficTrends: {
    method: 'GET',
    path: '/properties/{propertyId}/traffic/trends',
    tag: 'Traffic',
    summary: 'Page views and unique visitors per time bucket',
    query: q.trendsParams,
    response: r.trendsResponse,
    aggregatePath: agg('traffic/trends'),
  },
  trafficSummary: {
    method: 'GET',
    path: '/properties/{propertyId}/traffic/summary',
    tag: 'Traffic',
    summary: 'Totals for the range',
    query: q.summaryParams,
    response: r.summaryResponse,
    aggregatePath: agg('traffic/summary'),
  },
  trafficRealtime: {
    method: 'GET',
    path: '/properties/{propertyId}/traffic/realtime',
    tag: 'Traffic',
    summary: 'Sessions active in the last 5 minutes and the latest page views',
    query: q.realtimeParams,
    response: r.realtimeResponse,
    aggregatePath: agg('traffic/realtime'),
  },
  trafficBreakdown: {
    method: 'GET',
    path: '/properties/{propertyId}/traffic/breakdown',
    tag: 'Traffic',
    summary: 'Sessions by UTM, country, device, landing page and referrer',
    query: q.breakdownParams,
    response: r.breakdownResponse,
    aggregatePath: agg('traffic/breakdown'),
  },
  entryExitPages: {
    method: 'GET',
    path: '/properties/{propertyId}/traffic/entry-exit-pages',
    tag: 'Traffic',
    summary: 'Where sessions start and end',
    query: q.breakdownParams,
    response: r.entryExitResponse,
    aggregatePath: agg('traffic/entry-exit-pages'),
  },
  pagesBreakdown: {
    method: 'GET',
    path: '/properties/{propertyId}/pages/breakdown',
    tag: 'Pages',
    summary: 'Top pages with scroll depth and bounce rate',
    query: q.pagesBreakdownParams,
    response: r.pagesBreakdownResponse,
  },
  pageDetails: {
    method: 'GET',
    path: '/properties/{propertyId}/pages/details',
    tag: 'Pages',
    summary: 'One page with its own UTM, device and country breakdowns',
    query: q.pageDetailsParams,
    response: r.pageDetailsResponse,
  },
  clicksBreakdown: {
    method: 'GET',
    path: '/properties/{propertyId}/clicks/breakdown',
    tag: 'Clicks',
    summary: 'Clicks per page and target, with trend and totals',
    query: q.interactionsParams,
    response: r.clicksBreakdownResponse,
    aggregatePath: agg('clicks/breakdown'),
  },
  clickDetails: {
    method: 'GET',
    path: '/properties/{propertyId}/clicks/details',
    tag: 'Clicks',
    summary: 'Clicks on one page',
    query: q.interactionDetailsParams,
    response: r.clickDetailsResponse,
  },
  formsBreakdown: {
    method: 'GET',
    path: '/properties/{propertyId}/forms/breakdown',
    tag: 'Forms',
    summary: 'Form submissions per page and form, with trend and totals',
    query: q.formsParams,
    response: r.formsBreakdownResponse,
    aggregatePath: agg('forms/breakdown'),
  },
  formDetails: {
    method: 'GET',
    path: '/properties/{propertyId}/forms/details',
    tag: 'Forms',
    summary: 'Form submissions on one page',
    query: q.formDetailsParams,
    response: r.formDetailsResponse,
  },
  funnel: {
    method: 'GET',
    path: '/properties/{propertyId}/funnels',
    tag: 'Funnels',
    summary: 'Sessions reaching each step',
    query: f.funnelParams,
    response: f.funnelResponse,
  },
  funnelSankey: {
    method: 'GET',
    path: '/properties/{propertyId}/funnels/sankey',
    tag: 'Funnels',
    summary: 'Page paths from the first step, with drop-off',
    query: f.sankeyParams,
    response: f.sankeyResponse,
  },
  funnelSuggestions: {
    method: 'GET',
    path: '/properties/{propertyId}/funnels/suggestions',
    tag: 'Funnels',
    summary: 'Funnels worth tracking, from observed paths (last 30 days)',
    query: f.suggestionsParams,
    response: f.suggestionsResponse,
  },
  savedFunnels: {
    method: 'GET',
    path: '/properties/{propertyId}/saved-funnels',
    tag: 'Saved funnels',
    summary: 'Saved funnel definitions, newest first',
    response: f.savedFunnelsResponse,
  },
  saveFunnel: {
    method: 'POST',
    path: '/properties/{propertyId}/saved-funnels',
    tag: 'Saved funnels',
    summary: 'Create a saved funnel (201), or update the one named by `id` (200)',
    body: f.saveFunnelBody,
    response: f.savedFunnelResponse,
    status: 201,
    permission: 'configure',
  },
  deleteFunnel: {
    method: 'DELETE',
    path: '/properties/{propertyId}/saved-funnels/{funnelId}',
    tag: 'Saved funnels',
    summary: 'Delete a saved funnel',
    params: z.object({ funnelId: z.string().min(1).max(64) }),
    response: f.deletedFunnelResponse,
    permission: 'configure',
  },
  pageElements: {
    method: 'GET',
    path: '/properties/{propertyId}/pages/elements',
    tag: 'Pages',
    summary:
      "A page's key elements as the tracker last saw them, to check a split test's selectors against (extension)",
    query: pe.pageElementsParams,
    response: pe.pageElementsResponse,
  },
  splitTestRecommendations: {
    method: 'GET',
    path: '/properties/{propertyId}/split-test-recommendations',
    tag: 'Split tests',
    summary: 'A/B test ideas for one page, from its last 30 days of figures',
    query: rec.recommendationsParams,
    response: rec.recommendationsResponse,
  },
  splitTests: {
    method: 'GET',
    path: '/properties/{propertyId}/split-tests',
    tag: 'Split tests',
    summary: 'Split tests, newest first',
    query: x.listExperimentsParams,
    response: x.experimentListResponse,
  },
  createSplitTest: {
    method: 'POST',
    path: '/properties/{propertyId}/split-tests',
    tag: 'Split tests',
    summary: 'Create and start a split test; the control is added as variant 0',
    body: x.createExperimentBody,
    response: x.experimentResponse,
    status: 201,
    conflict: `the property already runs ${x.MAX_RUNNING_TESTS} split tests, the most at once`,
    permission: 'experiments',
  },
  splitTest: {
    method: 'GET',
    path: '/properties/{propertyId}/split-tests/{experimentId}',
    tag: 'Split tests',
    summary: 'A split test with sessions, conversions and statistics per variant',
    params: experimentParams,
    response: x.experimentDetailResponse,
  },
  updateSplitTest: {
    method: 'PATCH',
    path: '/properties/{propertyId}/split-tests/{experimentId}',
    tag: 'Split tests',
    summary: 'Rename an active split test or change its auto-stop (only the fields sent)',
    params: experimentParams,
    body: x.updateExperimentBody,
    response: x.updateExperimentResponse,
    conflict: completeConflict,
    permission: 'experiments',
  },
  stopSplitTest: {
    method: 'POST',
    path: '/properties/{propertyId}/split-tests/{experimentId}/stop',
    tag: 'Split tests',
    summary: 'Stop an active split test (reason "manual" when none is given)',
    params: experimentParams,
    body: x.stopExperimentBody,
    response: x.stopExperimentResponse,
    conflict: completeConflict,
    permission: 'experiments',
  },
  splitTestTimeline: {
    method: 'GET',
    path: '/properties/{propertyId}/split-tests/{experimentId}/timeline',
    tag: 'Split tests',
    summary: "Each variant's cumulative sessions, conversions and rate by day since the test started (extension)",
    params: experimentParams,
    response: xr.experimentTimelineResponse,
  },
  archiveSplitTest: {
    method: 'POST',
    path: '/properties/{propertyId}/split-tests/{experimentId}/archive',
    tag: 'Split tests',
    summary: 'Archive a complete split test: left out of the list unless archived=true, still readable (extension)',
    params: experimentParams,
    response: xr.archiveExperimentResponse,
    conflict: runningConflict,
    permission: 'experiments',
  },
  restoreSplitTest: {
    method: 'POST',
    path: '/properties/{propertyId}/split-tests/{experimentId}/restore',
    tag: 'Split tests',
    summary: 'Bring an archived split test back to the list (extension)',
    params: experimentParams,
    response: xr.archiveExperimentResponse,
    permission: 'experiments',
  },
  deleteSplitTest: {
    method: 'DELETE',
    path: '/properties/{propertyId}/split-tests/{experimentId}',
    tag: 'Split tests',
    summary: 'Delete a complete split test for good (extension)',
    params: experimentParams,
    response: xr.deletedExperimentResponse,
    conflict: runningConflict,
    permission: 'experiments',
  },
  goals: {
    method: 'GET',
    path: '/properties/{propertyId}/goals',
    tag: 'Goals',
    summary: "The property's goals, oldest first (extension)",
    response: g.goalsResponse,
  },
  createGoal: {
    method: 'POST',
    path: '/properties/{propertyId}/goals',
    tag: 'Goals',
    summary: 'Create a goal: a page visit, a custom event, a click on an element or a form submission (extension)',
    body: g.createGoalBody,
    response: g.goal,
    status: 201,
    conflict: `a goal of that name exists, or the property has ${g.MAX_GOALS} goals`,
    permission: 'configure',
  },
  deleteGoal: {
    method: 'DELETE',
    path: '/properties/{propertyId}/goals/{goalId}',
    tag: 'Goals',
    summary: 'Delete a goal (extension)',
    params: g.goalIdParams,
    response: g.deletedGoalResponse,
    permission: 'configure',
  },
  goalsReport: {
    method: 'GET',
    path: '/properties/{propertyId}/goals/report',
    tag: 'Goals',
    summary: 'Visitors, conversions, conversion rate and revenue per goal (extension)',
    query: g.goalsReportParams,
    response: g.goalsReportResponse,
  },
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
