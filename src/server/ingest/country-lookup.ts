import maxmind from 'maxmind';
import { createRequire } from 'node:module';

type CountryRecord = { country_code?: string };
export type CountryLookup = (ip: string) => string | null;

/**
 * Country of an IP address from the offline database of `@ip-location-db/geo-whois-asn-country-mmdb`
 * (CC0; WHOIS data © NRO, CC BY 4.0). Private and unknown addresses give null.
 */
export async function openCountryLookup(): Promise<CountryLookup> {
  const file = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
  const reader = await maxmind.open(file);
  return (ip) => {
    if (!maxmind.validate(ip)) return null;
    const code = (reader.get(ip) as CountryRecord | null)?.country_code;
    return code && /^[A-Z]{2}$/.test(code) ? code : null;
  };
}
