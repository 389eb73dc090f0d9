import { describe, expect, it } from 'vitest';
import { pagePath } from './common.js';
import { readablePath } from './readable-path.js';

describe('readablePath', () => {
  it('decodes percent-encoded UTF-8 letters, in either hex case', () => {
    expect(readablePath('/caf%C3%A9')).toBe('/café');
    expect(readablePath('/caf%c3%a9/men%C3%BC')).toBe('/café/menü');
    expect(readablePath('/%E6%97%A5%E6%9C%AC')).toBe('/日本');
  });

  it('keeps ASCII escapes, which would change the path or add whitespace', () => {
    expect(readablePath('/a%20b/c%2Fd/100%25')).toBe('/a%20b/c%2Fd/100%25');
  });

  it('keeps bytes that are not UTF-8, and escapes that decode to a space or control character', () => {
    expect(readablePath('/x%E9y')).toBe('/x%E9y');
    expect(readablePath('/a%C2%A0b')).toBe('/a%C2%A0b'); // no-break space
    expect(readablePath('/a%C2%85b')).toBe('/a%C2%85b'); // next line (C1 control)
  });

  it('puts text in NFC, so a decomposed é equals the composed one', () => {
    expect(readablePath('/cafe\u0301')).toBe('/café');
    expect(readablePath('/cafe%CC%81')).toBe('/café');
  });
});

describe('pagePath', () => {
  it('trims spaces around a typed path and reads it like a collected one', () => {
    expect(pagePath.parse('  /café ')).toBe('/café');
    expect(pagePath.parse('/caf%C3%A9')).toBe('/café');
  });

  it('still refuses a path without its slash, or with a query string', () => {
    expect(pagePath.safeParse(' pricing').success).toBe(false);
    expect(pagePath.safeParse('/a?b=1').success).toBe(false);
  });
});
