import type { EventInput } from '../contract/events.js';

/** One element of a page snapshot, for the split-test recommender. */
export type SnapshotElement = NonNullable<EventInput['elements']>[number];

/** What the tracker sends to `POST /api/collect`: the server stamps time and derives user agent, country and device from the request itself. */
export type TrackerEvent = Omit<EventInput, 'ts' | 'user_agent' | 'country' | 'device'>;

/** Queues one event of `type`; the base fields (ids, path) are filled in unless `fields` overrides them. */
export type Emit = (type: TrackerEvent['type'], fields?: Partial<TrackerEvent>) => void;
