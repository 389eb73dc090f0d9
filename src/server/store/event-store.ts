import type { z } from 'zod';
import type { snapshotElement, StoredEvent } from '../../contract/events.js';

export type SnapshotElement = z.infer<typeof snapshotElement>;

/** The key elements of a page as a browser saw them (the tracker's `snapshot` event). */
export interface SnapshotRecord {
  property_id: string;
  path: string;
  ts: Date;
  elements: SnapshotElement[];
}

/** What the tracker sends, written and exported: events, and pages' element snapshots. */
export interface EventStore {
  /** Writes a batch in one transaction: all of it or none. */
  insertEvents(events: StoredEvent[]): Promise<void>;
  /** Writes every batch the source yields in one transaction: all of them or none. */
  importEvents(batches: AsyncIterable<StoredEvent[]>): Promise<number>;
  countEvents(propertyIds?: string[]): Promise<number>;
  /**
   * Every stored event, in batches read a page at a time (bounded memory at any size), for export.
   * Visitor, session and client ids come out as `k` + the 16 lower-case hex digits of their stored
   * 64-bit keys (the stores keep no original id): imported again, they group exactly as before.
   */
  exportEvents(): AsyncIterable<StoredEvent[]>;

  saveSnapshots(rows: SnapshotRecord[]): Promise<void>;
  /** The snapshot of a page most browsers sent in the week up to its newest (ties: the newest), or null when none came. */
  pageSnapshot(propertyId: string, path: string): Promise<SnapshotRecord | null>;
  /** Every stored snapshot, in batches, for export. */
  exportSnapshots(): AsyncIterable<SnapshotRecord[]>;
}
