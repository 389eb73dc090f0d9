import { describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.js';
import { permissionsFlag, PERMISSIONS_HELP } from './keys.js';

// operations.md §2: without --permissions a key gets all of them; a comma list narrows it; none gives none.
describe('--permissions', () => {
  it('absent gives every permission; a list narrows it, each once in a fixed order; none gives none', () => {
    expect(permissionsFlag(undefined)).toEqual(['metrics', 'experiments', 'configure']);
    expect(permissionsFlag('metrics')).toEqual(['metrics']);
    expect(permissionsFlag('experiments')).toEqual(['experiments']);
    expect(permissionsFlag('configure')).toEqual(['configure']);
    expect(permissionsFlag('configure, experiments, metrics,metrics')).toEqual(['metrics', 'experiments', 'configure']);
    expect(permissionsFlag('none')).toEqual([]);
  });

  it('refuses names it does not know, none in a list, and an empty value, naming what it accepts', () => {
    for (const bad of ['admin', 'metrics,admin', 'metrics,none', '', 'metrics,']) {
      expect(() => permissionsFlag(bad), bad).toThrow(CliError);
      expect(() => permissionsFlag(bad), bad).toThrow(/--permissions: .*metrics, experiments, configure, or none/);
    }
  });

  it('are each explained in the usage text by what they allow', () => {
    expect(PERMISSIONS_HELP.split('\n').slice(1)).toEqual([
      '  metrics     read figures and reports, goals and saved funnels',
      '  experiments create, change and stop split tests',
      '  configure   create, change and delete goals and saved funnels',
    ]);
  });
});
