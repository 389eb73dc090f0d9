import {
  MAX_EVENT_NAME_LENGTH,
  MAX_EVENT_PROPS,
  MAX_PROP_KEY_LENGTH,
  MAX_PROP_VALUE_LENGTH,
} from '../contract/event-limits.js';
import type { Emit } from './types.js';

/** What the page sees as `window.sightline` once the tracker runs (docs/tracking.md "Custom events"). */
export interface SightlineApi {
  property: string;
  track(name: string, props?: Record<string, unknown>): void;
  revenue(amount: number, currency: string, props?: Record<string, unknown>): void;
}

/** The stub a page may define before the script loads: calls wait in `q` as [method, arguments]. */
export interface SightlineStub {
  q?: [string, ArrayLike<unknown>][];
}

/**
 * A page's properties cut to the collector's limits: one bad property must not cost the batch it
 * travels in (a 400 drops every event of the request), so what does not fit is trimmed or left out.
 */
function flatProps(props: unknown): Record<string, string> | undefined {
  if (!props || typeof props != 'object') return undefined;
  const out: Record<string, string> = {};
  let n = 0;
  for (const [k, v] of Object.entries(props)) {
    const key = k.trim().slice(0, MAX_PROP_KEY_LENGTH);
    if (!key || n >= MAX_EVENT_PROPS || !['string', 'number', 'boolean'].includes(typeof v)) continue;
    if (typeof v == 'number' && !isFinite(v)) continue;
    out[key] = String(v).slice(0, MAX_PROP_VALUE_LENGTH);
    n++;
  }
  return n ? out : undefined;
}

const eventName = (name: unknown) => (typeof name == 'string' ? name.trim().slice(0, MAX_EVENT_NAME_LENGTH) : '');

/** The page's API, and the calls queued before the script ran, replayed in order. */
export function customEvents(property: string, emit: Emit, stub: SightlineStub | undefined): SightlineApi {
  const api: SightlineApi = {
    property,
    track(name, props) {
      const n = eventName(name);
      if (n) emit('custom', { name: n, props: flatProps(props) });
      else console.warn('sightline.track: the event needs a name');
    },
    revenue(amount, currency, props) {
      const code = typeof currency == 'string' ? currency.trim().toUpperCase() : '';
      if (typeof amount != 'number' || !isFinite(amount) || amount < 0 || !/^[A-Z]{3}$/.test(code))
        return console.warn('sightline.revenue: needs an amount of 0 or more and a currency code such as "EUR"');
      emit('revenue', { amount, currency: code, props: flatProps(props) });
    },
  };
  for (const [method, args] of stub?.q || []) {
    if (method == 'track' || method == 'revenue') (api[method] as (...a: unknown[]) => void)(...Array.from(args));
  }
  return api;
}
