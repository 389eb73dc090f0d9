import { describe, expect, it } from 'vitest';
import { goalDefinitionWords } from './goal-words.js';

describe('goalDefinitionWords', () => {
  it('says what each kind counts', () => {
    expect(goalDefinitionWords({ kind: 'page', page: '/blog/**' })).toBe('Visit /blog/**');
    expect(goalDefinitionWords({ kind: 'event', event: 'Signup' })).toBe('Event Signup');
    expect(goalDefinitionWords({ kind: 'click', target: '#cta' })).toBe('Click #cta');
    expect(goalDefinitionWords({ kind: 'click', target: '#cta', page: '/pricing' })).toBe('Click #cta on /pricing');
  });

  it('names a form by whatever narrows it, and any form when nothing does', () => {
    expect(goalDefinitionWords({ kind: 'form', source: 'signup' })).toBe('Form signup');
    expect(goalDefinitionWords({ kind: 'form', target: '#signup-form' })).toBe('Form #signup-form');
    expect(goalDefinitionWords({ kind: 'form', target: '#signup-form', source: 'signup', page: '/signup' })).toBe(
      'Form #signup-form (signup) on /signup',
    );
    expect(goalDefinitionWords({ kind: 'form' })).toBe('Any form');
    expect(goalDefinitionWords({ kind: 'form', page: '/contact' })).toBe('Any form on /contact');
  });
});
