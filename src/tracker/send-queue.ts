import { randomId } from './ids.js';
import { load, save } from './storage.js';
import type { TrackerEvent } from './types.js';

const OUTBOX_KEY = 'sl_out';
/** Until when (epoch ms) the collector asked not to be sent anything, for every tab and page. */
const WAIT_KEY = 'sl_wait';
/** A Retry-After longer than this is read as this, so a misconfigured server can't stop tracking for good. */
const WAIT_MAX_S = 3_600;
/** Unsent events kept for later; beyond this the oldest go, so storage stays small. */
const OUTBOX_CAP = 200;
const BATCH = 100; // the collector's limit per request
const BATCH_DELAY_MS = 500;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

export interface SendQueue {
  push(event: TrackerEvent): void;
  /** Sends everything queued now; `hiding` uses sendBeacon, which outlives the page. */
  flush(hiding?: boolean): void;
}

/**
 * Batches events to `api`. Events that fail on the network or with 5xx/429 go to an outbox in
 * storage and are retried with backoff, and by the next page the visitor opens; a 400 means the
 * events themselves are bad, so they are dropped rather than retried forever. A 429's Retry-After
 * holds back every send (this page's, later pages', other tabs') until then: events wait in the outbox.
 */
export function createSendQueue(api: string): SendQueue {
  // Taking the outbox empties it, so two open tabs don't both resend the same events.
  let pending: TrackerEvent[] = load<TrackerEvent[]>(OUTBOX_KEY) || [];
  save(OUTBOX_KEY, null);
  let timer = 0;
  let retryTimer = 0;
  let retryDelay = RETRY_MIN_MS;

  const waitMs = () => (load<number>(WAIT_KEY) || 0) - Date.now();
  const keep = (events: TrackerEvent[]) => {
    save(OUTBOX_KEY, (load<TrackerEvent[]>(OUTBOX_KEY) || []).concat(events).slice(-OUTBOX_CAP));
    if (!retryTimer) {
      retryTimer = window.setTimeout(
        () => {
          retryTimer = 0;
          pending = (load<TrackerEvent[]>(OUTBOX_KEY) || []).concat(pending);
          save(OUTBOX_KEY, null);
          flush();
        },
        Math.max(retryDelay, waitMs()),
      );
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
    }
  };

  function flush(hiding?: boolean) {
    clearTimeout(timer);
    timer = 0;
    if (pending.length && waitMs() > 0) return keep(pending.splice(0));
    while (pending.length) {
      // Snapshots travel alone: they are large, and one the collector rejects must not take the
      // page views of its batch down with it.
      const cut = pending.findIndex((e) => e.type == 'snapshot');
      const batch = pending.splice(0, cut == 0 ? 1 : cut > 0 ? Math.min(cut, BATCH) : BATCH);
      const body = JSON.stringify({ events: batch });
      // text/plain keeps the request "simple": no CORS preflight, and sendBeacon accepts it.
      if (hiding && navigator.sendBeacon) {
        if (!navigator.sendBeacon(api, new Blob([body], { type: 'text/plain' }))) keep(batch);
      } else {
        // keepalive lets a request finish after the page goes, but browsers refuse it over 64 KB.
        fetch(api, { method: 'POST', body, keepalive: body.length < 60_000, headers: { 'content-type': 'text/plain' } })
          .then((res) => {
            // Retry-After in seconds (the collector sends no dates); readable cross-origin as the
            // collector exposes it.
            const after = res.status == 429 ? parseInt(res.headers.get('retry-after') || '', 10) : 0;
            if (after > 0) save(WAIT_KEY, Date.now() + Math.min(after, WAIT_MAX_S) * 1_000);
            if (res.status >= 500 || res.status == 429) throw res.status;
            retryDelay = RETRY_MIN_MS;
          })
          .catch(() => keep(batch));
      }
    }
  }

  if (pending.length) flush();
  return {
    push(event) {
      // A browser can't always tell whether a request made during navigation arrived, so it may
      // resend; the id lets the collector keep the event once.
      event.event_id = randomId();
      pending.push(event);
      if (!timer) timer = window.setTimeout(flush, BATCH_DELAY_MS);
    },
    flush,
  };
}
