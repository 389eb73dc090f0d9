import { describe, expect, it } from 'vitest';
import { openCountryLookup } from './country-lookup.js';

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
