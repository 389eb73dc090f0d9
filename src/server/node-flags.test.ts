import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.js';

describe('the node flags of the server', () => {
  it('are the ones npm start passes to node', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx src/server/main.ts`);
  });
});
