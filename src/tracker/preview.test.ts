import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackerConfig } from '../contract/experiments.js';
import { previewOf } from './preview.js';

// What a preview link may force: only a test the site's own config runs, and only a variant it has.
const config: TrackerConfig = {
  experiments: [
    {
      id: 'exp_cta',
      page: '/pricing',
      type: 'nocode',
      variants: [{ changes: [] }, { changes: [{ selector: 'h1', op: 'text', value: 'B' }] }],
    },
    { id: 'exp:odd', page: '/', type: 'redirect', variants: [{ changes: [] }, { url: '/b' }, { url: '/c' }] },
  ],
};

describe('previewOf (?sl_preview=EXP_ID:VARIANT)', () => {
  const at = (search: string) => vi.stubGlobal('location', { search });
  const note = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  afterEach(() => {
    vi.unstubAllGlobals();
    note.mockClear();
  });

  it('forces a variant of a running test, the control included, whatever else the URL carries', () => {
    at('?utm_source=mail&sl_preview=exp_cta:1');
    expect(previewOf(config)).toEqual(['exp_cta', 1]);
    at('?sl_preview=exp_cta%3A0');
    expect(previewOf(config)).toEqual(['exp_cta', 0]);
    // An id holding a colon: the variant is what follows the last one.
    at('?sl_preview=exp:odd:2');
    expect(previewOf(config)).toEqual(['exp:odd', 2]);
    expect(note).not.toHaveBeenCalled();
  });

  it('does nothing, quietly, without the parameter', () => {
    at('');
    expect(previewOf(config)).toBeNull();
    at('?sl_preview=');
    expect(previewOf(config)).toBeNull();
    expect(note).not.toHaveBeenCalled();
  });

  it('forces nothing for a test the config does not run (stopped, archived, deleted, made up) and says why in the console', () => {
    at('?sl_preview=exp_gone:1');
    expect(previewOf(config)).toBeNull();
    expect(note).toHaveBeenLastCalledWith(expect.stringContaining('exp_gone:1: not a running test'));
    // No config at all: the deferred tag, which runs no experiments.
    expect(previewOf(undefined)).toBeNull();
    expect(note).toHaveBeenCalledTimes(2);
  });

  it('forces nothing for a variant the test lacks or that is not a plain index', () => {
    for (const bad of [
      'exp_cta:2',
      'exp_cta:-1',
      'exp_cta:1.0',
      'exp_cta:1e0',
      'exp_cta: 1',
      'exp_cta:',
      'exp_cta',
      'exp_cta:0x1',
    ]) {
      at('?sl_preview=' + encodeURIComponent(bad));
      expect(previewOf(config), bad).toBeNull();
    }
    expect(note).toHaveBeenCalledTimes(8);
    expect(note).toHaveBeenCalledWith(expect.stringContaining('exp_cta:2: no such variant'));
  });
});
