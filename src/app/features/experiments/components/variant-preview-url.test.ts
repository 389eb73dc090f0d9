import { describe, expect, it } from 'vitest';
import { variantPreviewUrl } from './variant-preview-url.js';

describe('variantPreviewUrl', () => {
  it('opens the test page on the site with the variant forced', () => {
    expect(variantPreviewUrl('https://shop.example', '/pricing', 'exp_1a', 1)).toBe(
      'https://shop.example/pricing?sl_preview=exp_1a:1',
    );
    expect(variantPreviewUrl('http://127.0.0.1:3001', '/demo/pricing', 'exp_1a', 0)).toBe(
      'http://127.0.0.1:3001/demo/pricing?sl_preview=exp_1a:0',
    );
  });

  it('encodes a readable path and an odd id, and never leaves the site for a path that looks like a host', () => {
    expect(variantPreviewUrl('https://shop.example', '/café menu', 'exp a&b', 2)).toBe(
      'https://shop.example/caf%C3%A9%20menu?sl_preview=exp%20a%26b:2',
    );
    expect(variantPreviewUrl('https://shop.example', '//evil.example/x', 'e', 1)).toBe(
      'https://shop.example//evil.example/x?sl_preview=e:1',
    );
  });

  it('gives nothing without the site’s address', () => {
    expect(variantPreviewUrl(null, '/pricing', 'exp_1a', 1)).toBeNull();
    expect(variantPreviewUrl(undefined, '/pricing', 'exp_1a', 1)).toBeNull();
    expect(variantPreviewUrl('not a url', '/pricing', 'exp_1a', 1)).toBeNull();
  });
});
