import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Node 20 reached its end of life on 30 April 2026. The `node` development dependency puts Node 22 first
// on the PATH of every npm script, so `npm test` and `npm start` run on it whatever the machine's own is.

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe('the Node the product runs on', () => {
  it('is 22 or newer here, as the package says and installs', () => {
    expect(Number(process.versions.node.split('.')[0]), process.version).toBeGreaterThanOrEqual(22);
    expect(pkg.engines.node).toBe('>=22');
    expect(pkg.devDependencies.node).toMatch(/^\^22\./);
  });
});
