/** The browser's own zone first after UTC: most people add a site in the zone they work in. */
export const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
export const ZONES = [...new Set(['UTC', browserZone, ...(Intl.supportedValuesOf?.('timeZone') ?? [])])];
