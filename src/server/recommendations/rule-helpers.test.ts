import { describe, expect, it } from 'vitest';
import {
  changedStyles,
  contrast,
  estimatedHeight,
  FALLBACK_ACCENT,
  paddingOf,
  parseColor,
  sameColor,
  strongBackground,
} from './rules/css-math.js';
import { actionLabel, isGeneric, shorterHeadline, topicWords } from './rules/page-words.js';
import { score } from './scoring.js';

describe('page words', () => {
  it('knows generic labels whatever their case and punctuation', () => {
    expect(['Submit', 'LEARN MORE', 'Click here!', 'Read more →'].every(isGeneric)).toBe(true);
    expect(['Start free trial', 'Compare plans', 'Menu'].some(isGeneric)).toBe(false);
  });

  it('labels by destination, then page, then heading', () => {
    expect(actionLabel({ href: 'https://x.example/book-a-demo' }, '/', null)).toBe('Book my demo');
    expect(actionLabel({}, '/sign-up', 'Hello')).toBe('Create my account');
    expect(actionLabel({}, '/features', 'Newsletter for busy founders')).toBe('Subscribe to the newsletter');
    expect(actionLabel({}, '/', 'Simple analytics for privacy-minded teams')).toBe('Explore simple analytics');
    expect(actionLabel({}, '/features/reports', null)).toBe('Explore features reports');
    expect(actionLabel({}, '/', null)).toBeNull();
  });

  it('shortens headlines without greetings or a dangling filler word', () => {
    expect(shorterHeadline('Welcome to Acme: the fastest way to ship your product to all of your customers')).toBe(
      'The fastest way to ship your product',
    );
    expect(shorterHeadline('Pricing')).toBe('Pricing');
    expect(topicWords('The API for your DNS records', 3)).toEqual(['API', 'DNS', 'records']);
  });
});

describe('css math', () => {
  it('parses computed colours and spacing', () => {
    expect(parseColor('rgb(37, 99, 235)')).toEqual([37, 99, 235]);
    expect(parseColor('rgba(0, 0, 0, 0)')).toBeNull();
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(paddingOf('6px 12px 8px')).toEqual({ v: 6, h: 12 });
    expect(paddingOf('10px')).toEqual({ v: 10, h: 10 });
    expect(
      estimatedHeight({
        selector: 'a',
        tag: 'a',
        kind: 'link',
        text: '',
        styles: { fontSize: '14px', padding: '4px 8px' },
      }),
    ).toBe(25);
  });

  it('darkens the own hue until white text reaches 4.5:1, grey and transparent use the accent', () => {
    for (const c of ['rgb(147, 197, 253)', 'rgb(250, 204, 21)', '#22c55e']) {
      const out = parseColor(strongBackground(c))!;
      expect(contrast(out, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    }
    expect(strongBackground('rgb(29, 78, 216)')).toBe('#1d4ed8'); // already strong: unchanged
    expect(strongBackground('rgb(229, 231, 235)')).toBe(FALLBACK_ACCENT);
    expect(strongBackground('rgba(0, 0, 0, 0)')).toBe(FALLBACK_ACCENT);
    // an oklch() colour is a colour: Tailwind 4's indigo-300 darkened on its own hue, not replaced
    const fromOklch = strongBackground('oklch(0.785 0.115 274.713)');
    expect(fromOklch).not.toBe(FALLBACK_ACCENT);
    expect(contrast(parseColor(fromOklch)!, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
  });
});

describe('scoring', () => {
  it('follows the documented formula', () => {
    // 1,000 views, 100 clicks, metric at zero, known control: (20 + 45 + 35) · (0.3 + 0.65) = 95, never 100
    expect(score({ n: 999, events: 99, gap: 1, maxLift: 12, controlKnown: true })).toEqual({
      confidence: 95,
      lift: 12,
      impact: 'High: 8%+',
      value: 11.4,
    });
    // 0 clicks in 969 views (the demo's home page): (20 + 45·log10(970)/3 + 35) · 0.3 = 99.8 · 0.3 = 29.9
    expect(score({ n: 969, events: 0, gap: 1, maxLift: 12, controlKnown: true }).confidence).toBe(30);
    // 9 views, 9 clicks: volume 1/3, signal 1/2 → (20 + 15 + 35·0.25) · 0.625 = 27.3, × 0.6 unknown control = 16
    expect(score({ n: 9, events: 9, gap: 0.25, maxLift: 10, controlKnown: false })).toMatchObject({
      confidence: 16,
      lift: 2.5,
      impact: 'Low: <3%',
    });
    expect(score({ n: 0, events: 0, gap: 0.5, maxLift: 6, reach: 0.5, controlKnown: true })).toMatchObject({
      lift: 1.5,
    });
  });

  it('grows with the events observed, from the same views', () => {
    const at = (events: number) => score({ n: 969, events, gap: 1, maxLift: 12, controlKnown: true }).confidence;
    // signal = log10(1 + k)/2: 0, 0.151, 0.301, 0.5, 1 → factor 0.3, 0.398, 0.496, 0.625, 0.95, times 99.8
    expect([0, 1, 3, 9, 99, 5000].map(at)).toEqual([30, 40, 49, 62, 95, 95]);
  });
});

describe('colours', () => {
  it('reads the syntaxes browsers report, oklch() and lab() of Tailwind 4 included', () => {
    // Tailwind 4's indigo-600, which it publishes as #4f39f6 for browsers without oklch()
    expect(parseColor('oklch(0.511 0.262 276.966)')).toEqual([79, 57, 246]);
    expect(parseColor('oklch(51.1% 0.262 276.966)')).toEqual([79, 57, 246]);
    expect(parseColor('lab(29.2345% 39.3825 20.0664)')).toEqual([125, 35, 41]);
    expect(parseColor('white')).toEqual([255, 255, 255]);
    for (const none of [
      'transparent',
      'oklch(0.5 0.1 200 / 0)',
      'currentcolor',
      'color-mix(in oklab, red, blue)',
      '',
      undefined,
    ])
      expect(parseColor(none)).toBeNull();
  });

  it('compares colours as colours, not as strings', () => {
    expect(sameColor('#4338ca', 'rgb(67, 56, 202)')).toBe(true);
    expect(sameColor('#ffffff', 'white')).toBe(true);
    expect(sameColor('transparent', 'rgba(0, 0, 0, 0)')).toBe(true);
    expect(sameColor('#4338ca', '#4f39f6')).toBe(false);
    expect(sameColor('#4338ca', undefined)).toBe(false);
    expect(sameColor('currentcolor', 'currentcolor')).toBe(false);
  });

  it('leaves out of a variant what the element already shows', () => {
    const button = {
      selector: 'a',
      tag: 'a',
      kind: 'button' as const,
      text: 'Go',
      styles: {
        backgroundColor: 'rgb(67, 56, 202)',
        color: 'rgb(255, 255, 255)',
        fontSize: '16px',
        padding: '11px 20px',
      },
    };
    expect(
      changedStyles(button, { backgroundColor: '#4338ca', color: '#ffffff', fontSize: '18px', padding: '11px 20px' }),
    ).toEqual({ control: { fontSize: '16px' }, variant: { fontSize: '18px' } });
    expect(changedStyles(button, { backgroundColor: '#4338CA' }).variant).toEqual({});
    // Without a snapshot nothing is known to be there already.
    expect(changedStyles(null, { color: '#ffffff' })).toEqual({ control: {}, variant: { color: '#ffffff' } });
  });
});
