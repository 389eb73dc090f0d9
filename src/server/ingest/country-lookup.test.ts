import { describe, expect, it } from 'vitest';
import { openCountryLookup, remembered } from './country-lookup.js';

describe('openCountryLookup (the shipped offline database)', () => {
  it('gives the country of public addresses, IPv4, IPv6 and IPv4-mapped IPv6 alike', async () => {
    const countryOf = await openCountryLookup();
    expect(countryOf('81.2.69.142')).toBe('GB');
    // how a dual-stack listener reports the same IPv4 client
    expect(countryOf('::ffff:81.2.69.142')).toBe('GB');
    expect(countryOf('2001:4860:4860::8888')).toBe('US');
  });

  it('gives null for private, loopback, reserved and malformed addresses', async () => {
    const countryOf = await openCountryLookup();
    // the database itself files 192.168.0.0/16, 172.16.0.0/12 and 203.0.113.0/24 under AU
    const none = [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '192.168.0.1',
      '172.17.0.1',
      '100.64.0.1',
      '203.0.113.9',
      'fd00::1',
      'fe80::1',
      '::ffff:192.168.1.1',
      'not-an-ip',
      '',
    ];
    for (const ip of none) expect(countryOf(ip), ip).toBeNull();
  });
});

describe('remembered (the lookup with recent answers kept)', () => {
  it('looks an address up once while it is among the latest, and forgets the oldest past the limit', () => {
    const asked: string[] = [];
    const countryOf = remembered((ip) => {
      asked.push(ip);
      return ip.startsWith('81.') ? 'GB' : null;
    }, 2);
    expect([countryOf('81.2.69.142'), countryOf('81.2.69.142'), countryOf('10.0.0.1')]).toEqual(['GB', 'GB', null]);
    expect(countryOf('10.0.0.1')).toBeNull(); // a null answer is kept too
    expect(asked).toEqual(['81.2.69.142', '10.0.0.1']);
    countryOf('81.2.69.143'); // a third address: the oldest (81.2.69.142) is forgotten
    expect(countryOf('10.0.0.1')).toBeNull();
    expect(countryOf('81.2.69.142')).toBe('GB');
    expect(asked).toEqual(['81.2.69.142', '10.0.0.1', '81.2.69.143', '81.2.69.142']);
  });
});
