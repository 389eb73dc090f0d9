import { describe, expect, it } from 'vitest';
import { overlapWarning, overlappingSelectors, selectorsOf, type RunningTest } from './wizard-overlap-words.js';

const running: RunningTest = {
  id: 'e1',
  name: 'Pricing: a more specific trial button',
  selectors: ['#cta-start-trial', 'h1'],
};
const TAIL = "Visitors would be in both tests, and each test's figures would include the other's changes.";

describe('selectorsOf', () => {
  it('lists each changed selector once, across variants, spacing evened out', () => {
    const variants = [
      { changes: [] },
      {
        changes: [
          { selector: '#cta-start-trial', op: 'text' as const, value: 'Go' },
          { selector: ' .hero  h1', op: 'delete' as const, value: '' },
        ],
      },
      { changes: [{ selector: '#cta-start-trial', op: 'css' as const, value: { color: 'red' } }] },
    ];
    expect(
      selectorsOf({ variants: variants.map((v, i) => ({ label: `V${i}`, is_control: i === 0, ...v })) as never }),
    ).toEqual(['#cta-start-trial', '.hero h1']);
  });
});

describe('overlapWarning', () => {
  it('names the test and the elements both tests change', () => {
    expect(overlappingSelectors(running, ['#cta-start-trial ', '.price'])).toEqual(['#cta-start-trial']);
    expect(overlapWarning(running, ['#cta-start-trial', '.price'])).toBe(
      `A running test, “Pricing: a more specific trial button”, already changes this page (including #cta-start-trial). ${TAIL}`,
    );
    expect(overlapWarning(running, ['h1', '#cta-start-trial'])).toContain('(including #cta-start-trial, h1)');
  });

  it('still warns about the page when no element is shared (a redirect, other elements)', () => {
    expect(overlapWarning(running, [])).toBe(
      `A running test, “Pricing: a more specific trial button”, already changes this page. ${TAIL}`,
    );
    expect(overlapWarning({ ...running, selectors: [] }, ['#cta-start-trial'])).not.toContain('including');
  });
});
