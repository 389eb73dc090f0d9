import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.js';
import { goalIdParams, MAX_GOALS, type Goal } from '../../contract/goals.js';
import { randomId } from '../auth/api-keys.js';
import { ApiError } from '../api-error.js';
import { settleAutoStops } from '../experiments/lifecycle.js';
import type { GoalRecord, Store } from '../store/store.js';
import { fastifyPath, parse, scopedProperty } from './route-helpers.js';

/** A goal as the API answers it: only the fields its kind uses. */
export function goalToApi(g: GoalRecord): Goal {
  const base = { id: g.id, name: g.name, created_at: g.created_at.toISOString() };
  const on = g.page ? { page: g.page } : {};
  switch (g.kind) {
    case 'page':
      return { ...base, kind: 'page', page: g.page! };
    case 'event':
      return { ...base, kind: 'event', event: g.event! };
    case 'click':
      return { ...base, kind: 'click', target: g.target!, ...on };
    case 'form':
      return {
        ...base,
        kind: 'form',
        ...(g.target ? { target: g.target } : {}),
        ...(g.source ? { source: g.source } : {}),
        ...on,
      };
  }
}

/** Goals: property-scoped definitions read by the Goals report, funnels and split tests. */
export async function goalRoutes(app: FastifyInstance, opts: { store: Store }) {
  const { store } = opts;
  app.get(fastifyPath(endpoints.goals.path), async (request) => {
    const propertyId = scopedProperty(request);
    return { data: (await store.listGoals(propertyId)).map(goalToApi) };
  });

  app.post(fastifyPath(endpoints.createGoal.path), async (request, reply) => {
    const propertyId = scopedProperty(request, endpoints.createGoal.permission);
    const body = parse(endpoints.createGoal.body, request.body, 'body');
    const existing = await store.listGoals(propertyId);
    // Names are what people pick goals by (the goal filter, funnel steps): one spelling per property.
    if (existing.some((g) => g.name.toLowerCase() === body.name.toLowerCase())) {
      throw new ApiError(409, 'conflict', `the property already has a goal named "${body.name}"`, { field: 'name' });
    }
    if (existing.length >= MAX_GOALS)
      throw new ApiError(409, 'conflict', `the property already has ${MAX_GOALS} goals, the most it may have`, {
        field: 'propertyId',
      });
    const record: GoalRecord = {
      id: randomId('gol'),
      property_id: propertyId,
      name: body.name,
      kind: body.kind,
      page: 'page' in body ? (body.page ?? null) : null,
      event: body.kind === 'event' ? body.event : null,
      target: 'target' in body ? (body.target ?? null) : null,
      source: body.kind === 'form' ? (body.source ?? null) : null,
      created_at: new Date(),
    };
    await store.createGoal(record);
    return reply.status(201).send(goalToApi(record));
  });

  app.delete(fastifyPath(endpoints.deleteGoal.path), async (request) => {
    const propertyId = scopedProperty(request, endpoints.deleteGoal.permission);
    const { goalId } = parse(goalIdParams, request.params, 'params');
    const notFound = () => new ApiError(404, 'not_found', `no goal "${goalId}" in this property`, { field: 'goalId' });
    const goal = (await store.listGoals(propertyId)).find((g) => g.id === goalId);
    if (!goal) throw notFound();
    // A running test counts by its own copy of the goal, so deleting would not change its figures, but
    // it would go on counting a goal listed nowhere: stop it first. A complete test does not hold it.
    const running = (await settleAutoStops(store, propertyId).then(() => store.activeExperiments(propertyId))).filter(
      (e) => e.goal === 'goal' && e.goal_target === goalId,
    );
    if (running.length > 0) {
      const several = running.length > 1;
      const tests = running.map((e) => `"${e.name}" (${e.id})`).join(', ');
      throw new ApiError(
        409,
        'conflict',
        `the running split test${several ? 's' : ''} ${tests} count${several ? '' : 's'} goal "${goal.name}": stop ${several ? 'them' : 'it'} first`,
        {
          field: 'goalId',
          experiments: running.map((e) => e.id),
        },
      );
    }
    if (!(await store.deleteGoal(propertyId, goalId))) throw notFound();
    return { id: goalId, deleted: true as const };
  });
}
