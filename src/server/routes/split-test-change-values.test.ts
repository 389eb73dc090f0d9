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

// Issue 41: a change replaces, removes or copies the page's content, never its styles, scripts or
// head, and a style cannot take an element out of the flow or over the page.
describe('what a change may touch', () => {
  const field = async (changes: unknown[]) => {
    const res = await create(changes);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const error = errorEnvelope.parse(res.body).error;
    expect(error.code).toBe('invalid_request');
    return [error.details.field, error.message];
  };

  it.each([
    ['text', 'style'],
    ['html', 'head'],
    ['duplicate', 'head > style.theme'],
    ['delete', 'link[rel=stylesheet]'],
    ['text', 'script'],
    ['html', 'svg'],
    ['delete', 'iframe#video'],
    ['text', 'h1, meta[name=description]'],
    ['html', 'HTML'],
    ['text', 'template'],
    ['delete', 'base'],
  ])('refuses a %s change of %s, naming the selector', async (op, selector) => {
    const [at, message] = await field([{ selector, op, value: op === 'text' || op === 'html' ? 'x' : '' }]);
    expect(at).toBe('variants.1.changes.0.selector');
    expect(message).toMatch(new RegExp(`a ${op} change cannot target <[a-z]+>`));
  });

  it.each([
    ['position', { position: 'fixed' }],
    ['zIndex', { zIndex: 99999 }],
    ['inset', { inset: 0 }],
    ['top', { top: '0px' }],
    ['transform', { transform: 'scale(50)' }],
    ['WebkitTransform', { WebkitTransform: 'scale(50)' }],
    ['scale', { scale: 50 }],
    ['zoom', { zoom: 40 }],
  ])('refuses css %s, which lays an element over the page', async (property, value) => {
    const [at, message] = await field([{ selector: '.cta', op: 'css', value }]);
    expect(at).toBe(`variants.1.changes.0.value.${property}`);
    expect(message).toMatch(/cannot move an element out of the page's flow or over other content/);
  });

  it('refuses a protocol-relative image, which is another site', async () => {
    for (const value of ['//elsewhere.example/x.png', '/\\elsewhere.example/x.png', ' //elsewhere.example/x.png']) {
      const [at, message] = await field([{ selector: 'img', op: 'image', value }]);
      expect(at).toBe('variants.1.changes.0.value');
      expect(message).toMatch(/https:\/\/host/);
    }
  });

  it('takes content changes, restyling (colours, sizes, spacing) and css or image on any element', async () => {
    const res = await create([
      { selector: '.theme', op: 'text', value: 'a class: the page script checks what it finds' },
      { selector: 'main h1', op: 'html', value: '<em>Half</em> price' },
      { selector: 'style', op: 'css', value: { color: 'red' } },
      {
        selector: '.cta',
        op: 'css',
        value: { backgroundColor: '#0a0', fontSize: 18, padding: '8px 16px', opacity: 0.9 },
      },
      { selector: '.plan-card', op: 'duplicate', value: '' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});
