import { describe, expect, it } from 'vitest';
import {
  autoStopWords,
  changeWords,
  goalWords,
  metricsWords,
  splitShare,
  versionLines,
} from './wizard-review-words.js';

describe('the review in words', () => {
  it('says what each change does', () => {
    expect(changeWords({ selector: 'h1', op: 'text', value: 'Hi' })).toBe('replace the text of h1 with “Hi”');
    expect(changeWords({ selector: '#cta', op: 'css', value: { color: '#fff', fontSize: '18px' } })).toBe(
      'style #cta: color #fff, fontSize 18px',
    );
    expect(changeWords({ selector: '.banner', op: 'delete', value: '' })).toBe('remove .banner');
  });
  it('lists the control first, then each variant', () => {
    const lines = versionLines({
      name: 'x',
      page: '/p',
      type: 'redirect',
      variants: [{ url: '/a' }, { label: 'Short', url: '/b' }],
    });
    expect(lines).toEqual([
      { label: 'Control', words: ['the page as it is'] },
      { label: 'Variant 1', words: ['sent to /a'] },
      { label: 'Short', words: ['sent to /b'] },
    ]);
  });
  it('splits visitors evenly over control and variants', () => {
    expect(splitShare({ variants: [{ url: '/a' }, { url: '/b' }] as never })).toBeCloseTo(1 / 3);
  });
  it('names the goal with its target and the auto-stop', () => {
    expect(goalWords({})).toBe('Click-through rate on the page');
    expect(goalWords({ goal: 'session_time' })).toBe('Sessions lasting at least 60 seconds');
    expect(goalWords({ goal: 'destination_page', goal_target: '/thanks' })).toBe('Visitors reaching /thanks');
    const goals = [
      { id: 'gol_a', name: 'Signup', kind: 'event' as const },
      { id: 'gol_b', name: 'Buy', kind: 'click' as const },
    ];
    expect(goalWords({ goal: 'goal', goal_target: 'gol_b' }, goals)).toBe('Buy (click)');
    expect(goalWords({ goal: 'goal', goal_target: 'gol_gone' }, goals)).toBe('One of your goals');
    expect(autoStopWords(undefined)).toBe('Runs until you stop it.');
    expect(autoStopWords(1)).toBe('Stops by itself after 1 day.');
  });
  it('lists the more metrics in the words the test’s page uses, guardrails said so', () => {
    expect(metricsWords({})).toBeNull();
    expect(metricsWords({ metrics: [] })).toBeNull();
    const goals = [{ id: 'gol_a', name: 'Signup' }];
    expect(
      metricsWords(
        {
          currency: 'EUR',
          metrics: [
            { goal: 'revenue', role: 'guardrail' },
            { goal: 'bounce_rate' },
            { goal: 'goal', goal_target: 'gol_a', role: 'secondary' },
            { goal: 'destination_page', goal_target: '/thanks' },
          ],
        },
        goals,
      ),
    ).toBe(
      'revenue per visitor in EUR (guardrail), visitors who did not bounce, visitors who reached the goal “Signup”, visitors who reached /thanks',
    );
    // Before the property's goals have loaded: no bare id.
    expect(metricsWords({ metrics: [{ goal: 'goal', goal_target: 'gol_a' }] })).toBe(
      'visitors who reached one of your goals',
    );
  });
});
