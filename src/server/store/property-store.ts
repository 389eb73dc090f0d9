import type { PropertyLifecycle } from './property-lifecycle.js';

export interface Property {
  id: string;
  name: string;
  domain: string | null;
  timezone: string;
  created_at: Date;
}

/** The properties: created and listed here, edited and deleted through PropertyLifecycle. */
export interface PropertyStore extends PropertyLifecycle {
  /** `created_at` is now unless given (an import keeps the exported one). */
  createProperty(p: Omit<Property, 'created_at'> & { created_at?: Date }): Promise<Property>;
  listProperties(): Promise<Property[]>;
  getProperties(ids: string[]): Promise<Property[]>;
}
