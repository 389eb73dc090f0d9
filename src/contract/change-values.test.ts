import { describe, expect, it } from 'vitest';
import { cssValueProblem, imageUrlProblem } from './change-values.js';

describe('image values', () => {
  it('takes http(s) URLs and relative ones', () => {
    for (const ok of [
      'https://cdn.example.com/hero.png',
      'http://cdn.example.com/a.jpg',
      '/img/hero.png',
      'hero.png',
      '../a.png?v=2#x',
    ]) {
      expect(imageUrlProblem(ok), ok).toBeNull();
    }
  });

  it('refuses a protocol-relative URL, which looks like a path but is another site (issue 41)', () => {
    for (const bad of [
      '//cdn.example.com/a.jpg',
      '/\\cdn.example.com/a.jpg',
      '\\\\cdn.example.com/a.jpg',
      ' //x.example/a.png',
    ])
      expect(imageUrlProblem(bad), bad).toMatch(/https:\/\/host\/… for another site/);
  });

  it('refuses other schemes however they are dressed, control characters and an empty value', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:x',
      '\x01javascript:x',
      'vbscript:x',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'file:///etc/passwd',
      'blob:https://a/b',
      '',
      '  ',
      'a\x00b',
    ]) {
      expect(imageUrlProblem(bad), JSON.stringify(bad)).not.toBeNull();
    }
  });
});

describe('css values', () => {
  it('takes ordinary values, numbers, and http(s), data: and relative url()s', () => {
    const ok: [string, string | number][] = [
      ['backgroundColor', '#16a34a'],
      ['fontSize', 18],
      ['backgroundImage', 'url("https://cdn.example.com/a.png")'],
      ['backgroundImage', "url('/img/a.png'), linear-gradient(red, blue)"],
      ['backgroundImage', 'url(data:image/png;base64,AAAA)'],
      ['content', '"javascript"'],
    ];
    for (const [p, v] of ok) expect(cssValueProblem(p, v), `${p}: ${v}`).toBeNull();
  });

  it('refuses script URLs, expression() and bindings, escaped, commented or spaced out', () => {
    const bad: [string, string][] = [
      ['backgroundImage', 'url(javascript:alert(1))'],
      ['backgroundImage', 'url("JAVASCRIPT:alert(1)")'],
      ['background', 'url(java\\73 cript:alert(1))'],
      ['background', 'url(java/**/script:alert(1))'],
      ['width', 'expression(alert(1))'],
      ['width', 'exp\\72 ession(alert(1))'],
      ['width', 'expression (alert(1))'],
      ['backgroundImage', 'url(vbscript:x)'],
      ['backgroundImage', 'url(file:///etc/passwd)'],
      ['behavior', 'url(a.htc)'],
      ['MozBinding', 'url(x.xml#b)'],
    ];
    for (const [p, v] of bad) expect(cssValueProblem(p, v), `${p}: ${v}`).not.toBeNull();
  });
});
