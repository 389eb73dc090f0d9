import { afterEach, beforeEach, vi } from 'vitest';

/**
 * What a command run in process prints: console.log's lines in `out`, console.error's in `err`,
 * emptied before each test (in place, so the arrays can be held) and the console given back after it.
 */
export function printedLines(): { out: string[]; err: string[] } {
  const lines = { out: [] as string[], err: [] as string[] };
  beforeEach(() => {
    lines.out.length = 0;
    lines.err.length = 0;
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.out.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.err.push(line));
  });
  afterEach(() => vi.restoreAllMocks());
  return lines;
}
