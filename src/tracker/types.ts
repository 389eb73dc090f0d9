import type { EventInput } from '../contract/events.js';

/** One element of a page snapshot, for the split-test recommender. */
export interface SnapshotElement {
  selector: string;
  tag: string;
  kind: 'heading' | 'button' | 'link' | 'form' | 'image';
  text: string;
  href?: string;
  src?: string;
  styles: Record<'color' | 'backgroundColor' | 'fontSize' | 'fontWeight' | 'padding' | 'borderRadius', string>;
}

// The server stamps time and derives user agent, country and device from the request itself.
type ClientFields = Omit<EventInput, 'type' | 'ts' | 'user_agent' | 'country' | 'device'>;

/** What the tracker sends to `POST /api/collect`. `snapshot` is not in the contract's enum yet. */
export interface TrackerEvent extends ClientFields {
  type: EventInput['type'] | 'snapshot';
  elements?: SnapshotElement[];
}

/** Queues one event of `type`; the base fields (ids, path) are filled in unless `fields` overrides them. */
export type Emit = (type: TrackerEvent['type'], fields?: Partial<TrackerEvent>) => void;
