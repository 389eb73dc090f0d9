import type { Filter } from '../../contract/filters.js';
import type { FunnelDimension, FunnelStep } from '../../contract/funnels.js';

export interface SavedFunnelRecord {
  id: string;
  property_id: string;
  name: string;
  steps: FunnelStep[];
  // Absent in a funnel saved before these were kept (or by a caller that gave none); the API reads
  // them as `unbounded`, no breakdown and no filters. A store gives back exactly what it was given.
  mode?: 'unbounded' | 'sequential';
  breakdown_by?: FunnelDimension;
  filters?: Filter[];
  created_at: Date;
  updated_at: Date;
}

/** Funnel definitions a property's people saved, by property. */
export interface SavedFunnelStore {
  listSavedFunnels(propertyId: string): Promise<SavedFunnelRecord[]>;
  getSavedFunnel(propertyId: string, id: string): Promise<SavedFunnelRecord | null>;
  saveFunnel(f: SavedFunnelRecord): Promise<void>;
  deleteSavedFunnel(propertyId: string, id: string): Promise<boolean>;
}
