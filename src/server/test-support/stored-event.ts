import type { StoredEvent } from '../../contract/events.js';

/**
 * A stored page view with every field a test does not name empty (no referrer, campaign, place,
 * device or element; not a bot), so a test spells only what it is about. Its visitor is its
 * session's own (`v-<session_id>`) unless given.
 */
export function storedEvent(
  over: Partial<StoredEvent> & Pick<StoredEvent, 'property_id' | 'ts' | 'session_id'>,
): StoredEvent {
  return {
    type: 'pageview',
    visitor_id: `v-${over.session_id}`,
    path: '/',
    referrer: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    country: null,
    device: null,
    is_bot: false,
    scroll_depth: null,
    engaged_ms: null,
    target: null,
    href: null,
    source: null,
    experiment_id: null,
    variant: null,
    amount: null,
    currency: null,
    ...over,
  };
}
