import type { FunnelDimension, FunnelMode } from './funnel-search.js';

/** The breakdown dimensions in a marketer's words. */
export const DIMENSION_LABELS: Record<FunnelDimension, string> = {
  device: 'Device',
  country: 'Country',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  referrer: 'Referrer',
  entry_page: 'Entry page',
  browser: 'Browser',
  os: 'Operating system',
};

/** The modes as the builder's radio buttons name them. */
export const MODE_LABELS: Record<FunnelMode, string> = { unbounded: 'Any order', sequential: 'In order' };
