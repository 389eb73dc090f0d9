import maxmind from 'maxmind';
import { createRequire } from 'node:module';
import { BlockList, isIPv4 } from 'node:net';

type CountryRecord = { country_code?: string };
export type CountryLookup = (ip: string) => string | null;

// Addresses that never belong to a country: private, shared, loopback, link-local, documentation,
// multicast. The WHOIS-derived database files some of them under a country (192.168.0.0/16 and
// 172.16.0.0/12 as AU), which would put every visitor behind a LAN or container proxy in Australia.
const special = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  special.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['2001:db8::', 32],
  ['ff00::', 8],
] as const)
  special.addSubnet(net, prefix, 'ipv6');

/**
 * Country of an IP address from the offline database of `@ip-location-db/geo-whois-asn-country-mmdb`
 * (CC0; WHOIS data © NRO, CC BY 4.0). Private, reserved and unknown addresses give null; an
 * IPv4-mapped IPv6 address is read as the IPv4 address it carries.
 */
export async function openCountryLookup(): Promise<CountryLookup> {
  const file = createRequire(import.meta.url).resolve(
    '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb',
  );
  const reader = await maxmind.open(file);
  return remembered((raw) => {
    // A dual-stack listener reports IPv4 clients as `::ffff:a.b.c.d`, which the database doesn't hold.
    const ip = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(raw)?.[1] ?? raw;
    if (!maxmind.validate(ip)) return null;
    if (special.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6')) return null;
    const code = (reader.get(ip) as CountryRecord | null)?.country_code;
    return code && /^[A-Z]{2}$/.test(code) ? code : null;
  });
}

/** How many addresses `remembered` keeps: about a megabyte. */
export const REMEMBERED_ADDRESSES = 10_000;

/**
 * The lookup with the latest addresses' answers kept: a visitor's pages send their events from one
 * address, and the lookup (address checks, the special ranges, the database) was 4% of a collect
 * request's main-thread time. The oldest address is forgotten first, so memory stays bounded.
 */
export function remembered(lookup: CountryLookup, max = REMEMBERED_ADDRESSES): CountryLookup {
  const known = new Map<string, string | null>();
  return (ip) => {
    const hit = known.get(ip);
    if (hit !== undefined) return hit;
    const country = lookup(ip);
    if (known.size >= max) known.delete(known.keys().next().value!);
    known.set(ip, country);
    return country;
  };
}
