import { describe, expect, it } from 'vitest';
import { closestElements, seenOnPage } from './selector-on-page.js';

// Elements as the demo's pricing page snapshot names them.
const el = (selector: string, tag: string, kind = 'button', text = '') => ({ selector, tag, kind, text });
const page = [
  el('h1', 'h1', 'heading', 'Pricing'),
  el('#cta-start-trial', 'a', 'button', 'Start free trial'),
  el('a.signup-link', 'a', 'button', 'Sign up'),
  el('[data-track="pricing-pro"]', 'a', 'button', 'Choose Pro'),
  el('section.section article.card:nth-of-type(1) > h3', 'h3', 'heading', 'Starter'),
];

describe('a selector against the page’s snapshot', () => {
  it('finds elements by their selector, tag, id, class or attribute', () => {
    for (const s of [
      '#cta-start-trial',
      'a#cta-start-trial',
      'h1',
      'a.signup-link',
      '.signup-link',
      'header a.signup-link',
      '[data-track="pricing-pro"]',
      '[data-track]',
      'article h3',
      'h3',
      'h1, #gone',
      'section.section article.card:nth-of-type(1) > h3',
      'a:hover',
    ])
      expect(seenOnPage(s, page), s).not.toBe(false);
  });

  it('says what is not there', () => {
    for (const s of [
      '#does-not-exist',
      'button',
      'h2',
      '.does-not-exist',
      'a.signup',
      'div#cta-start-trial',
      '[data-track="pricing-team"]',
    ])
      expect(seenOnPage(s, page), s).toBe(false);
  });

  it('cannot tell without a snapshot, for a selector that does not parse, or one of states only', () => {
    expect(seenOnPage('#does-not-exist', [])).toBeNull();
    expect(seenOnPage('###', page)).toBeNull();
    expect(seenOnPage(':hover', page)).toBeNull();
  });

  it('names the closest elements first', () => {
    expect(closestElements('#cta-start', page, 2).map((e) => e.selector)).toEqual(['#cta-start-trial', 'h1']);
    // #does-not-exist: 14 edits from #cta-start-trial, the nearest of the five
    expect(closestElements('#does-not-exist', page, 1).map((e) => e.selector)).toEqual(['#cta-start-trial']);
    expect(closestElements('signup', page, 1).map((e) => e.selector)).toEqual(['a.signup-link']);
  });
});
