import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { COLLECT_REASONS, outcomeOf, type CountCollected } from '../ingest/collect-outcomes.js';
import type { Store } from '../store/store.js';
import { VERSION } from '../version.js';
import { UNMATCHED_ROUTE } from './request-log.js';

/** Up to the report budget's default (30 s): a report stopped there lands in the last finite bucket. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A collected batch's log append takes ~1 ms, a write into the tables 50–100 ms, a report up to 30 s. */
const QUERY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface AppMetrics {
  registry: Registry;
  /** One answered request: `route` is the route's template, never the URL, so the series stay bounded. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  countCollected: CountCollected;
  /** Stops listening to the store (the app closed; tests build many apps over one store). */
  close(): void;
}

/**
 * The figures of one app, on a registry of its own: prom-client's default registry is one per
 * process, and tests build many apps in one process.
 */
export function appMetrics(store: Store): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  // Process figures (CPU, memory, event-loop lag, handles, GC), once for this registry.
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'sightline_info',
    help: 'Always 1; the labels say which release runs on which store.',
    labelNames: ['version', 'store'],
    registers,
  }).set({ version: VERSION, store: store.operations?.store ?? 'unknown' }, 1);

  const requests = new Counter({
    name: 'http_requests_total',
    help: `Requests answered, by route template (${UNMATCHED_ROUTE}: no route matched), method and status.`,
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by route template and method.',
    labelNames: ['route', 'method'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const collected = new Counter({
    name: 'collect_events_total',
    help: 'Events POST /api/collect received, by outcome (accepted: kept) and reason.',
    labelNames: ['outcome', 'reason'],
    registers,
  });
  // Every reason from the start, so a rate over a series that has not happened yet reads 0, not "no data".
  for (const reason of COLLECT_REASONS) collected.inc({ outcome: outcomeOf(reason), reason }, 0);

  let stopListening = () => {};
  const operations = store.operations;
  if (operations) {
    new Gauge({
      name: 'store_write_queue_events',
      help: 'Collected events answered but not yet written into the tables reports read.',
      registers,
      collect() {
        this.set(operations.writeQueue().events);
      },
    });
    new Gauge({
      name: 'store_write_queue_oldest_seconds',
      help: 'How long the oldest of those events has waited (0 when none waits).',
      registers,
      collect() {
        this.set(operations.writeQueue().oldestSeconds);
      },
    });
    const queries = new Histogram({
      name: 'store_query_duration_seconds',
      help: 'Store queries by kind: read (one query or one snapshot of reads), write (a transaction, statement or insert).',
      labelNames: ['store', 'kind'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    stopListening = operations.onQuery((kind, seconds) => queries.observe({ store: operations.store, kind }, seconds));
  }

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      requests.inc({ route, method, status });
      durations.observe({ route, method }, seconds);
    },
    countCollected(reason, events) {
      if (events > 0) collected.inc({ outcome: outcomeOf(reason), reason }, events);
    },
    close: () => stopListening(),
  };
}
