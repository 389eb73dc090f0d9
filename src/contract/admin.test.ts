import { describe, expect, it } from 'vitest';
import { createKeyBody, createPropertyBody, propertyDomain } from './admin.js';

describe('property domain', () => {
  it('keeps the host of what people paste', () => {
    expect(propertyDomain.parse('shop.example.com')).toBe('shop.example.com');
    expect(propertyDomain.parse(' https://Landing.Example.com/ ')).toBe('landing.example.com');
    expect(propertyDomain.parse('http://localhost:8080')).toBe('localhost:8080');
    expect(propertyDomain.parse('')).toBeNull();
  });

  it('refuses paths, other schemes and things that are not host names', () => {
    for (const bad of [
      'https://shop.example.com/pricing',
      'ftp://shop.example.com',
      'shop example',
      'https://shop.example.com/?a=1',
      'nodot',
    ]) {
      expect(propertyDomain.safeParse(bad).success, bad).toBe(false);
    }
    const res = createPropertyBody.safeParse({ id: 'shop', name: 'Shop', domain: 'https://shop.example.com/pricing' });
    expect(res.success || res.error.issues[0].path).toEqual(['domain']);
  });
});

describe('key permissions on create', () => {
  const base = { name: 'k', property_ids: ['shop'] };
  const permissionsOf = (permissions?: unknown) =>
    createKeyBody.parse(permissions === undefined ? base : { ...base, permissions }).permissions;

  it('gives every permission when none is named, and a list narrows it (each once, in a fixed order)', () => {
    expect(permissionsOf()).toEqual(['metrics', 'experiments', 'configure']);
    expect(permissionsOf(['metrics'])).toEqual(['metrics']);
    expect(permissionsOf(['experiments', 'metrics', 'experiments'])).toEqual(['metrics', 'experiments']);
    expect(permissionsOf(['configure', 'metrics'])).toEqual(['metrics', 'configure']);
    expect(permissionsOf([])).toEqual([]);
  });

  it('reads the old single strings as the permission of that name, as the CLI does: metrics reads only, none is none', () => {
    expect(permissionsOf('metrics')).toEqual(['metrics']);
    expect(permissionsOf('none')).toEqual([]);
  });

  it('refuses anything else on permissions', () => {
    for (const bad of ['experiments', 'configure', 'admin', ['admin'], ['none'], [['metrics']], null, 1]) {
      const res = createKeyBody.safeParse({ ...base, permissions: bad });
      expect(res.success || res.error.issues[0], JSON.stringify(bad)).toMatchObject({
        path: ['permissions'],
        message: 'a list of metrics, experiments, configure (empty for none)',
      });
    }
  });
});
