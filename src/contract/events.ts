import { z } from 'zod';
import { pagePath, propertyId } from './common.js';
import {
  MAX_EVENT_NAME_LENGTH,
  MAX_EVENT_PROPS,
  MAX_LABEL_LENGTH,
  MAX_PROP_KEY_LENGTH,
  MAX_PROP_VALUE_LENGTH,
  MAX_SNAPSHOT_ELEMENTS,
} from './event-limits.js';

/** The event format of operations.md §3, shared by `import`, `seed` and `POST /api/collect`. */
// New types go at the end: the embedded store's staging codes are positions in this list.
export const eventTypes = [
  'pageview',
  'engagement',
  'click',
  'form_submit',
  'exposure',
  'revenue',
  'snapshot',
  'custom',
] as const;
export const deviceValues = ['desktop', 'mobile', 'tablet'] as const;

/** One key element of a page as the tracker saw it, for the split-test recommender. */
export const snapshotElement = z.object({
  selector: z.string().min(1).max(512),
  tag: z.string().min(1).max(32),
  kind: z.enum(['heading', 'button', 'link', 'form', 'image']),
  text: z.string().max(200).default(''),
  href: z.string().max(2048).optional(),
  src: z.string().max(2048).optional(),
  styles: z.record(z.string().max(64), z.string().max(200)).default({}),
});
export { MAX_SNAPSHOT_ELEMENTS };

/**
 * Custom events (`sightline.track(name, props)`) and revenue carry a name and a few flat properties
 * (limits in event-limits.ts; numbers and booleans are kept as their text).
 */
const propValue = z
  .union([z.string().max(MAX_PROP_VALUE_LENGTH), z.number().finite(), z.boolean()], {
    error: `a string of at most ${MAX_PROP_VALUE_LENGTH} characters, a number or a boolean`,
  })
  .transform((v) => String(v));
export const eventProps = z
  .record(z.string().trim().min(1).max(MAX_PROP_KEY_LENGTH), propValue)
  .refine((props) => Object.keys(props).length <= MAX_EVENT_PROPS, `at most ${MAX_EVENT_PROPS} properties`);

/** Fields an event type cannot do without, beyond those every event has. */
const requiredByType: Partial<
  Record<
    (typeof eventTypes)[number],
    readonly ('scroll_depth' | 'target' | 'experiment_id' | 'variant' | 'amount' | 'elements' | 'name')[]
  >
> = {
  engagement: ['scroll_depth'],
  click: ['target'],
  form_submit: ['target'],
  exposure: ['experiment_id', 'variant'],
  revenue: ['amount'],
  snapshot: ['elements'],
  custom: ['name'],
};

/**
 * The currencies revenue may be in: ISO 4217's, as the runtime's ICU lists them (162 in Node 20), less
 * the units of account no shop charges in. Invented codes (`XSS`) and "no currency" (`XXX`) are refused:
 * they showed as currencies in the goals report (issue 41).
 */
export const revenueCurrencies: ReadonlySet<string> = new Set(
  Intl.supportedValuesOf('currency').filter((c) => !['XDR', 'XSU', 'XUA', 'XXX', 'XTS'].includes(c)),
);
/** The largest revenue one event may carry unless the operator sets MAX_REVENUE_AMOUNT. */
export const DEFAULT_MAX_REVENUE_AMOUNT = 1_000_000;

const clientId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '1–64 characters of A–Z, a–z, 0–9, _ or -');
const optionalText = (max: number) => z.string().max(max).optional().nullable();

export const eventSchema = z
  .object({
    type: z.enum(eventTypes),
    property_id: propertyId,
    ts: z.iso
      .datetime({ offset: true, message: 'an ISO-8601 timestamp with a zone, e.g. 2026-01-01T10:00:00Z' })
      .optional(),
    /** A client's own id for the event, so a resent event is recognised and kept once. */
    event_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, '8–64 characters of A–Z, a–z, 0–9, _ or -')
      .optional(),
    visitor_id: clientId,
    session_id: clientId,
    path: pagePath,
    referrer: optionalText(2048),
    utm_source: optionalText(256),
    utm_medium: optionalText(256),
    utm_campaign: optionalText(256),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2, upper case')
      .optional()
      .nullable(),
    device: z.enum(deviceValues).optional().nullable(),
    user_agent: optionalText(1024),
    scroll_depth: z.number().min(0).max(1).optional().nullable(),
    engaged_ms: z.number().int().min(0).max(86_400_000).optional().nullable(),
    target: optionalText(512),
    href: optionalText(2048),
    source: optionalText(256),
    experiment_id: optionalText(64),
    variant: z.number().int().min(0).max(100).optional().nullable(),
    amount: z.number().min(0).max(1e12).optional().nullable(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'ISO 4217, e.g. EUR')
      .refine((c) => revenueCurrencies.has(c), 'a currency of ISO 4217 that money is paid in, e.g. EUR')
      .optional()
      .nullable(),
    elements: z.array(snapshotElement).max(MAX_SNAPSHOT_ELEMENTS).optional(),
    /** Custom events (required) and revenue (optional): what happened, as the site names it. */
    name: z.string().trim().min(1).max(MAX_EVENT_NAME_LENGTH).optional().nullable(),
    props: eventProps.optional().nullable(),
    /**
     * Clicks and form submissions: what a person sees of the element (its text or label, never a
     * typed value). Trimmed; an empty one is no label.
     */
    label: z
      .string()
      .trim()
      .max(MAX_LABEL_LENGTH)
      .transform((s) => s || null)
      .optional()
      .nullable(),
  })
  .superRefine((e, ctx) => {
    // A loop over a table rather than a helper closure: this runs once per imported line, and a
    // closure made per call showed up in import profiles.
    for (const field of requiredByType[e.type] ?? []) {
      if (e[field] === undefined || e[field] === null)
        ctx.addIssue({ code: 'custom', path: [field], message: `required for ${e.type} events` });
    }
  });

export type EventInput = z.infer<typeof eventSchema>;

/** An event as the store keeps it: validated, timestamped, with bot flag and device settled. */
export interface StoredEvent {
  type: (typeof eventTypes)[number];
  property_id: string;
  ts: Date;
  visitor_id: string;
  session_id: string;
  path: string;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  country: string | null;
  /** `tablet` is stored as `mobile`, as the API reports it. */
  device: 'desktop' | 'mobile' | null;
  /** Browser and operating system names as bowser reads the user agent ("Chrome", "iOS"); null or absent when unknown. */
  browser?: string | null;
  os?: string | null;
  is_bot: boolean;
  scroll_depth: number | null;
  engaged_ms: number | null;
  target: string | null;
  href: string | null;
  source: string | null;
  experiment_id: string | null;
  variant: number | null;
  amount: number | null;
  currency: string | null;
  /** Custom events and revenue: the event's name and flat properties (absent on other types). */
  name?: string | null;
  props?: Record<string, string> | null;
  /** Clicks and form submissions: the element's label as the page showed it (absent on other types). */
  label?: string | null;
  /**
   * On exposures taken by collect: a keyed hash of the client address, the key random and held in
   * memory for one UTC day (never the address; docs/tracking.md). Only compared, for the split-test
   * traffic check.
   */
  client_key?: string | null;
}
