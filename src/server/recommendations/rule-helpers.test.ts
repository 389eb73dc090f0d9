import { describe, expect, it } from 'vitest';
import { contrast, estimatedHeight, FALLBACK_ACCENT, paddingOf, parseColor, strongBackground } from './rules/css-math.js';
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
    expect(shorterHeadline('Welcome to Acme: the fastest way to ship your product to all of your customers')).toBe('The fastest way to ship your product');
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
    expect(estimatedHeight({ selector: 'a', tag: 'a', kind: 'link', text: '', styles: { fontSize: '14px', padding: '4px 8px' } })).toBe(25);
  });

  it('darkens the own hue until white text reaches 4.5:1, grey and transparent use the accent', () => {
    for (const c of ['rgb(147, 197, 253)', 'rgb(250, 204, 21)', '#22c55e']) {
      const out = parseColor(strongBackground(c))!;
      expect(contrast(out, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    }
    expect(strongBackground('rgb(29, 78, 216)')).toBe('#1d4ed8'); // already strong: unchanged
    expect(strongBackground('rgb(229, 231, 235)')).toBe(FALLBACK_ACCENT);
    expect(strongBackground('rgba(0, 0, 0, 0)')).toBe(FALLBACK_ACCENT);
  });
});

describe('scoring', () => {
  it('follows the documented formula', () => {
    // 1,000 views, metric at zero, known control: 20 + 45 + 35 = 100; lift 12 → High
    expect(score({ n: 999, gap: 1, maxLift: 12, controlKnown: true })).toEqual({ confidence: 100, lift: 12, impact: 'High: 8%+', value: 12 });
    // 9 views: volume 1/3 → 20 + 15 + 35·0.25 = 43.75, × 0.6 unknown control = 26; lift 2.5 → Low
    expect(score({ n: 9, gap: 0.25, maxLift: 10, controlKnown: false })).toMatchObject({ confidence: 26, lift: 2.5, impact: 'Low: <3%' });
    expect(score({ n: 0, gap: 0.5, maxLift: 6, reach: 0.5, controlKnown: true })).toMatchObject({ lift: 1.5 });
  });
});
