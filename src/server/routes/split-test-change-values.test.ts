import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { createTestEnv, endpointPath, post, type TestEnv } from '../test-support/fixtures.js';

// docs/tracking.md: an image is an http(s) or relative URL, a style carries no script; a 400 names the
// value that does not fit, down to the css property.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const create = (changes: unknown[]) =>
  post(env, env.keys.a, endpointPath('createSplitTest'), {
    name: 'Hero',
    page: '/',
    type: 'nocode',
    variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Hi' }] }, { changes }],
  });

describe('image and css values of a new split test', () => {
  it.each([
    [
      'a javascript: image',
      [{ selector: 'img', op: 'image', value: 'javascript:alert(document.cookie)' }],
      'variants.1.changes.0.value',
    ],
    [
      'a data: image',
      [{ selector: 'img', op: 'image', value: 'data:image/svg+xml,<svg onload=alert(1)>' }],
      'variants.1.changes.0.value',
    ],
    [
      'a javascript: url() in a style',
      [
        { selector: 'h1', op: 'text', value: 'x' },
        { selector: '.hero', op: 'css', value: { color: 'red', backgroundImage: 'url(javascript:alert(1))' } },
      ],
      'variants.1.changes.1.value.backgroundImage',
    ],
    [
      'expression() in a style',
      [{ selector: '.hero', op: 'css', value: { width: 'expression(alert(1))' } }],
      'variants.1.changes.0.value.width',
    ],
  ])('refuses %s with a 400 naming it', async (_why, changes, field) => {
    const res = await create(changes);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(errorEnvelope.parse(res.body).error).toMatchObject({ code: 'invalid_request', details: { field } });
  });

  it('takes https, relative and data: styles it can paint safely', async () => {
    const res = await create([
      { selector: 'img', op: 'image', value: 'https://cdn.example.com/hero.png' },
      { selector: '.hero', op: 'image', value: '/img/hero.png' },
      {
        selector: '.hero',
        op: 'css',
        value: { backgroundImage: 'url("/img/a.png"), linear-gradient(#fff, #eee)', fontSize: 18 },
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});
