import type { Property } from './property-store.js';

/** What an admin may change of a property: never its id, which the snippet and API paths carry. */
export type PropertyChanges = Partial<Pick<Property, 'name' | 'domain' | 'timezone'>>;

/** Editing and deleting properties, and whether one has begun to receive events (issue 13 §18). */
export interface PropertyLifecycle {
  /** Changes a property's name, domain or zone; null when there is no such property (deleted ones included). */
  updateProperty(id: string, changes: PropertyChanges): Promise<Property | null>;
  /**
   * Deletes a property (the route refuses while it has events: docs/decisions.md). Its id stays taken,
   * so an API key or link that named it never reaches a new property. False when there is none.
   */
  deleteProperty(id: string): Promise<boolean>;
  /** Whether the id was ever given to a property, deleted ones included. */
  propertyIdUsed(id: string): Promise<boolean>;
  /**
   * The time of the property's latest event, or null before its first. Reads the last day of events
   * first (a few row groups or granules), and only for a property quiet since then its sessions.
   */
  lastEventAt(propertyId: string, now: Date): Promise<Date | null>;
}

/** How far back `lastEventAt` looks in the events before it reads the sessions. */
export const RECENT_EVENTS_MS = 24 * 3_600_000;
