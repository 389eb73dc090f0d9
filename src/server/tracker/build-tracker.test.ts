import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTracker } from './build-tracker.js';

describe('the tracker bundle', () => {
  it('is one self-contained script of at most 6 KB gzipped', async () => {
    const code = await buildTracker();
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(6144);
    // A module statement would break a classic <script> tag; a bare `import(` would fetch at runtime.
    expect(code).not.toMatch(/\bimport\b/);
    expect(code).not.toMatch(/\brequire\(/);
    expect(() => new Function(code)).not.toThrow();
  });
});
