import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeyPermission } from '../../contract/admin.js';
import { endpoints } from '../../contract/endpoints.js';
import { MAX_RUNNING_TESTS, redirectPathOn, type CreateExperimentBody } from '../../contract/experiments.js';
import { ApiError } from '../api-error.js';
import { experimentDetail } from '../experiments/experiment-detail.js';
import { experimentView, listItem, newExperiment } from '../experiments/experiment-records.js';
import { settleAutoStops, startAutoStopTimer } from '../experiments/lifecycle.js';
import { withRevenueCurrency } from '../experiments/revenue-currency.js';
import type { ExperimentRecord, GoalRecord, Store } from '../store/store.js';
import { fastifyPath, parse, scopedProperty } from './route-helpers.js';
import { experimentNotFound as notFound, splitTestArchiveRoutes } from './split-test-archive-routes.js';

export interface SplitTestOptions {
  store: Store;
  /** How often the auto-stop timer looks for tests whose time is up (default 60 s; tests shorten it). */
  autoStopEveryMs?: number;
  /** Told after a create, PATCH or stop changed a property's tests (the tracker drops its cached config). */
  onChange?: (propertyId: string) => void;
}

const conflict = (e: ExperimentRecord) =>
  new ApiError(
    409,
    'conflict',
    `split test "${e.id}" is already complete (${e.reason}); a stopped test cannot change or restart`,
    {
      field: 'status',
      status: e.status,
      stopped_at: e.stopped_at?.toISOString() ?? null,
    },
  );
/** Each running test rides in the property's page script, so their number is capped (docs/decisions.md). */
const tooManyRunning = (propertyId: string, running: number) =>
  new ApiError(
    409,
    'conflict',
    `property "${propertyId}" already runs ${running} split tests, the most at once; stop one before starting another`,
    {
      field: 'propertyId',
      running,
      max: MAX_RUNNING_TESTS,
    },
  );

/**
 * The split-test endpoints. Checks run 401 → 403 → 400 (path, then body) → 404 → 409, and every
 * read first completes the property's tests whose auto_stop_days have passed.
 */
export async function splitTestRoutes(app: FastifyInstance, opts: SplitTestOptions) {
  const { store } = opts;
  const stopTimer = startAutoStopTimer(store, {
    everyMs: opts.autoStopEveryMs,
    onError: (error) => app.log.error({ err: error }, 'auto-stop check failed'),
  });
  app.addHook('onClose', () => stopTimer());

  /** The scoped property and the path's experiment id, validated; auto-stops settled. */
  const target = async (request: FastifyRequest, now: Date, permission: KeyPermission = 'metrics') => {
    const propertyId = scopedProperty(request, permission);
    const { experimentId } = parse(endpoints.splitTest.params, request.params, 'params');
    return { propertyId, experimentId, settled: () => settleAutoStops(store, propertyId, now) };
  };
  /** 404 for an unknown id (or one of another property), 409 for a complete test. */
  const refuse = async (propertyId: string, id: string): Promise<never> => {
    const existing = await store.getExperiment(propertyId, id);
    throw existing ? conflict(existing) : notFound(id);
  };

  /**
   * A redirect body with its absolute URLs turned into paths of the property's own domain (refused
   * when on another host, or when the property has none), then checked again as a whole.
   */
  const onOwnSite = async (propertyId: string, body: CreateExperimentBody): Promise<CreateExperimentBody> => {
    if (body.type !== 'redirect') return body;
    const [property] = await store.getProperties([propertyId]);
    const variants = body.variants.map((v, i) => {
      const target = redirectPathOn(v.url, property?.domain ?? null);
      if ('problem' in target)
        throw new ApiError(400, 'invalid_request', `variants.${i}.url: ${target.problem}`, {
          field: `variants.${i}.url`,
          in: 'body',
        });
      return { ...v, url: target.path };
    });
    return parse(endpoints.createSplitTest.body, { ...body, variants }, 'body');
  };

  /**
   * The property goals a `goal` test and its `goal` metrics count (400 on the `goal_target` that names
   * no goal of the property); none when neither counts one.
   */
  const propertyGoals = async (propertyId: string, body: CreateExperimentBody): Promise<GoalRecord[]> => {
    const named = [
      { goal: body.goal, target: body.goal_target, field: 'goal_target' },
      ...(body.metrics ?? []).map((m, i) => ({
        goal: m.goal,
        target: m.goal_target,
        field: `metrics.${i}.goal_target`,
      })),
    ].filter((n) => n.goal === 'goal');
    if (named.length === 0) return [];
    const all = await store.listGoals(propertyId);
    for (const n of named)
      if (!all.some((g) => g.id === n.target))
        throw new ApiError(400, 'invalid_request', `${n.field}: no goal "${n.target}" in this property`, {
          field: n.field,
          in: 'body',
        });
    return all;
  };

  app.get(fastifyPath(endpoints.splitTests.path), async (request) => {
    const propertyId = scopedProperty(request);
    const query = parse(endpoints.splitTests.query, request.query, 'query');
    await settleAutoStops(store, propertyId);
    const { archived, ...rest } = query;
    return {
      data: (await store.listExperiments(propertyId, { ...rest, archived: archived === 'true' })).map(listItem),
    };
  });

  // Creates run one at a time, so two at once cannot both pass the running-tests count.
  let creating: Promise<unknown> = Promise.resolve();
  app.post(fastifyPath(endpoints.createSplitTest.path), async (request, reply) => {
    const propertyId = scopedProperty(request, endpoints.createSplitTest.permission);
    const body = await onOwnSite(propertyId, parse(endpoints.createSplitTest.body, request.body, 'body'));
    const goals = await propertyGoals(propertyId, body);
    const create = creating.then(async () => {
      await settleAutoStops(store, propertyId);
      const running = (await store.activeExperiments(propertyId)).length;
      if (running >= MAX_RUNNING_TESTS) throw tooManyRunning(propertyId, running);
      // The currency its revenue counts is decided now and kept, so its figures never change meaning.
      const created = await withRevenueCurrency(store, newExperiment(propertyId, body, new Date(), goals));
      await store.createExperiment(created);
      return created;
    });
    creating = create.catch(() => undefined);
    const created = await create;
    opts.onChange?.(propertyId);
    return reply.status(201).send(experimentView(created));
  });

  app.get(fastifyPath(endpoints.splitTest.path), async (request) => {
    const now = new Date();
    const { propertyId, experimentId, settled } = await target(request, now);
    await settled();
    const found = await store.getExperiment(propertyId, experimentId);
    if (!found) throw notFound(experimentId);
    return experimentDetail(store, found, now);
  });

  app.patch(fastifyPath(endpoints.updateSplitTest.path), async (request) => {
    const now = new Date();
    const { propertyId, experimentId, settled } = await target(request, now, endpoints.updateSplitTest.permission);
    const body = parse(endpoints.updateSplitTest.body, request.body, 'body');
    await settled();
    const updated =
      (await store.updateExperiment(propertyId, experimentId, body)) ?? (await refuse(propertyId, experimentId));
    // A shorter auto_stop_days may already have run out: the answer then says the test is complete.
    const stopped = (await settled()).find((e) => e.id === updated.id);
    const e = stopped ?? updated;
    if (stopped) opts.onChange?.(propertyId);
    return { experiment_id: e.id, name: e.name, status: e.status, auto_stop_days: e.auto_stop_days };
  });

  app.post(fastifyPath(endpoints.stopSplitTest.path), async (request) => {
    const now = new Date();
    const { propertyId, experimentId, settled } = await target(request, now, endpoints.stopSplitTest.permission);
    const body = parse(endpoints.stopSplitTest.body, request.body, 'body');
    await settled();
    const stopped =
      (await store.stopExperiment(propertyId, experimentId, body?.reason ?? 'manual', now)) ??
      (await refuse(propertyId, experimentId));
    opts.onChange?.(propertyId);
    return {
      experiment_id: stopped.id,
      status: 'complete' as const,
      stopped_at: stopped.stopped_at!.toISOString(),
      reason: stopped.reason!,
    };
  });

  await splitTestArchiveRoutes(app, opts);
}
