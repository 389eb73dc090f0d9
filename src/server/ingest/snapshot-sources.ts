import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { EventInput } from '../../contract/events.js';

/** Snapshots kept per page and day, each from another client address: enough for a majority, bounded. */
export const SNAPSHOTS_PER_PAGE_DAY = 10;
/** Pages one day's memory holds; snapshots of further pages wait for the next day. */
export const MAX_SNAPSHOT_PAGES_PER_DAY = 10_000;

export interface SnapshotSourceOptions {
  /** The host a property's site is served from, or null when it has none. */
  domainOf: (propertyId: string) => Promise<string | null>;
  /** An origin serving every property's pages: the demo site, on a demo store only. */
  siteOrigin?: () => string | null;
}

/** The page a browser request came from: its `Origin`, else its `Referer`; null when neither is an http(s) page. */
export function pageOrigin(request: FastifyRequest): URL | null {
  for (const header of [request.headers.origin, request.headers.referer]) {
    if (typeof header !== 'string' || !URL.canParse(header)) continue;
    const url = new URL(header);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url;
  }
  return null;
}

/** A page on `host` belongs to a site on `domain`: the same host, or its `www.` twin. */
export function servedBy(host: string, domain: string): boolean {
  const bare = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return bare(host) === bare(domain);
}

/**
 * Which snapshot events collect keeps. Anyone can send one, and the recommender reads a page
 * through it, so: only from a page of the property's site (a property without a domain keeps none),
 * and per page and day at most one per client address and SNAPSHOTS_PER_PAGE_DAY in all, so the
 * store holds several browsers' views and `pageSnapshot` can take the most common.
 */
export function snapshotSources(opts: SnapshotSourceOptions) {
  let day = '';
  const senders = new Map<string, Set<string>>();
  const spend = (propertyId: string, path: string, address: string, now: Date) => {
    const today = now.toISOString().slice(0, 10);
    if (today !== day) {
      senders.clear();
      day = today;
    }
    const key = `${propertyId}\u0000${path}`;
    let page = senders.get(key);
    if (!page) {
      if (senders.size >= MAX_SNAPSHOT_PAGES_PER_DAY) return false;
      senders.set(key, (page = new Set()));
    }
    if (page.size >= SNAPSHOTS_PER_PAGE_DAY || page.has(address)) return false;
    page.add(address);
    return true;
  };

  return {
    /** For one request's events: a test telling which snapshot to keep (spending the day's allowance). */
    async judge(request: FastifyRequest, events: EventInput[]): Promise<(e: EventInput, now: Date) => boolean> {
      const ids = [...new Set(events.filter((e) => e.type === 'snapshot').map((e) => e.property_id))];
      if (ids.length === 0) return () => false;
      const domains = new Map(await Promise.all(ids.map(async (id) => [id, await opts.domainOf(id)] as const)));
      const page = pageOrigin(request);
      const site = opts.siteOrigin?.() ?? null;
      const address = normalizeIP(request.ip);
      return (e, now) => {
        const domain = domains.get(e.property_id) ?? null;
        const fromSite =
          page !== null &&
          ((site !== null && page.origin === site) || (domain !== null && servedBy(page.host, domain)));
        return fromSite && spend(e.property_id, e.path, address, now);
      };
    },
  };
}
export type SnapshotSources = ReturnType<typeof snapshotSources>;
