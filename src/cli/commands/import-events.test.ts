import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventSchema } from '../../contract/events.js';
import { ImportLineError, parseLine } from './import-events.js';

// parseLine validates with a compiled copy of `eventSchema`; what it accepts, and the field and
// message it reports for a bad line, must be exactly what the schema itself says.

const properties = new Set(['shop']);
const now = new Date('2026-03-02T12:00:00Z');
const valid = {
  type: 'pageview',
  property_id: 'shop',
  ts: '2026-03-02T10:00:00.000Z',
  visitor_id: 'v1',
  session_id: 's1',
  path: '/',
};

/** What the schema's own parser says about a line, in parseLine's terms. */
function expected(value: unknown): { ok: true } | { ok: false; message: string } {
  const r = eventSchema.safeParse(value);
  if (r.success) return { ok: true };
  const issue = r.error.issues[0];
  return {
    ok: false,
    message: `line 7: ${issue.path.map(String).join('.') || '(event)'}: ${issue.message}; nothing was imported`,
  };
}

function actual(value: unknown): { ok: true } | { ok: false; message: string } {
  try {
    parseLine(JSON.stringify(value), 7, properties, now);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ImportLineError)) throw error;
    return { ok: false, message: error.message };
  }
}

describe('parseLine', () => {
  it.each([
    ['a bad path', { ...valid, path: 'no-slash' }],
    ['a click without target', { ...valid, type: 'click' }],
    ['an exposure without variant', { ...valid, type: 'exposure', experiment_id: 'e' }],
    ['a fractional engaged_ms', { ...valid, type: 'engagement', scroll_depth: 0.5, engaged_ms: 1.5 }],
    ['a lower-case country', { ...valid, country: 'de' }],
    ['a number for a string', { ...valid, visitor_id: 42 }],
    ['an array', [valid]],
  ])('reports %s as the schema does', (_, value) => {
    const want = expected(value);
    expect(want.ok).toBe(false);
    expect(actual(value)).toEqual(want);
  });

  it('agrees with the schema on arbitrary variations of an event', () => {
    const field = fc.constantFrom(...Object.keys(eventSchema.shape));
    const value = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.string({ maxLength: 5 }),
      fc.constantFrom('/', '/a', 'DE', 'EUR', 'mobile', 'click', 'engagement', 'revenue'),
      fc.double({ min: -2, max: 2 }),
      fc.integer({ min: -5, max: 200 }),
      fc.constant([]),
      fc.constant({}),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(field, value), { maxLength: 4 }), (changes) => {
        const event: Record<string, unknown> = { ...valid, ...Object.fromEntries(changes) };
        // JSON drops undefined; compare on what parseLine actually sees.
        const seen = JSON.parse(JSON.stringify(event));
        const want = expected(seen);
        // Both are parseLine's own checks after the schema's: a missing ts, an unknown property.
        if (want.ok && (!seen.ts || !properties.has(seen.property_id))) return;
        expect(actual(seen)).toEqual(want);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('revenue on import, as collect takes it (issue 41)', () => {
  const revenue = (amount: number, currency: string) => JSON.stringify({ ...valid, type: 'revenue', amount, currency });

  it('refuses more than the maximum amount, naming the line and the field', () => {
    expect(() => parseLine(revenue(1_000_001, 'EUR'), 3, properties, now)).toThrow(
      'line 3: amount: at most 1000000 in one event (MAX_REVENUE_AMOUNT); nothing was imported',
    );
    expect(parseLine(revenue(1_000_000, 'EUR'), 3, properties, now).amount).toBe(1_000_000);
    // the operator's own maximum
    expect(parseLine(revenue(2_000_000, 'JPY'), 3, properties, now, 5_000_000).amount).toBe(2_000_000);
  });

  it('refuses a currency that is not ISO 4217 money, and takes the real ones (CFA francs included)', () => {
    for (const code of ['XSS', 'XXX', 'XTS', 'ABC'])
      expect(() => parseLine(revenue(5, code), 4, properties, now), code).toThrow(/^line 4: currency: /);
    for (const code of ['EUR', 'USD', 'JPY', 'XOF', 'XAF', 'CHF'])
      expect(parseLine(revenue(5, code), 4, properties, now).currency).toBe(code);
  });
});

describe('ts on import (issue 41: year 9999 made a session last 2.5e11 s; year 0 broke the store)', () => {
  const at = (ts: string) => JSON.stringify({ ...valid, ts });
  it('is between 2000-01-01 and a day after now', () => {
    for (const ts of [
      '0000-01-01T00:00:00Z',
      '1999-12-31T23:59:59.999Z',
      '9999-12-31T00:00:00Z',
      '2026-03-03T12:00:01Z',
    ])
      expect(() => parseLine(at(ts), 5, properties, now), ts).toThrow('line 5: ts: between 2000-01-01 and tomorrow');
    for (const ts of ['2000-01-01T00:00:00Z', '2026-03-03T12:00:00Z'])
      expect(parseLine(at(ts), 5, properties, now).ts.toISOString()).toBe(new Date(ts).toISOString());
  });
});
