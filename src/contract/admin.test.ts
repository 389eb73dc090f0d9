import { describe, expect, it } from 'vitest';
import { createPropertyBody, propertyDomain } from './admin.js';

describe('property domain', () => {
  it('keeps the host of what people paste', () => {
    expect(propertyDomain.parse('shop.example.com')).toBe('shop.example.com');
    expect(propertyDomain.parse(' https://Landing.Example.com/ ')).toBe('landing.example.com');
    expect(propertyDomain.parse('http://localhost:8080')).toBe('localhost:8080');
    expect(propertyDomain.parse('')).toBeNull();
  });

  it('refuses paths, other schemes and things that are not host names', () => {
    for (const bad of ['https://shop.example.com/pricing', 'ftp://shop.example.com', 'shop example', 'https://shop.example.com/?a=1', 'nodot']) {
      expect(propertyDomain.safeParse(bad).success, bad).toBe(false);
    }
    const res = createPropertyBody.safeParse({ id: 'shop', name: 'Shop', domain: 'https://shop.example.com/pricing' });
    expect(res.success || res.error.issues[0].path).toEqual(['domain']);
  });
});
