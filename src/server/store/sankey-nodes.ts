import { CONTINUES, DROP_OFF } from '../../contract/funnels.js';
import type { FunnelPathRow } from './store.js';

/** A sankey path: its nodes (pages, goals, then `(drop-off)` or `(continues)` when unfinished) and its sessions. */
export interface SankeyPath {
  nodes: string[];
  sessions: number;
}

/**
 * A session's nodes: its pages from the first view of step 1 (repeats collapsed) up to the page that
 * completes the funnel, or up to its last page followed by `(drop-off)` when it never completes. With
 * goal steps, the events of those goals are nodes among the pages ("Goal: Signup"), and the first
 * step-1 event, page view or goal event, starts the path.
 */
export function pathNodes(row: FunnelPathRow, stepCount: number, mode: 'unbounded' | 'sequential'): string[] {
  const nodes: string[] = [];
  const all = 2 ** stepCount - 1;
  let seen = 0;
  let progress = 0;
  for (let i = 0; i < row.pages.length; i++) {
    const mask = row.masks[i];
    if (nodes[nodes.length - 1] !== row.pages[i]) nodes.push(row.pages[i]);
    seen |= mask;
    if ((mask >> progress) & 1) progress++;
    const complete = mode === 'sequential' ? progress >= stepCount : (seen & all) === all;
    if (complete) return nodes;
  }
  nodes.push(row.ended ? DROP_OFF : CONTINUES);
  return nodes;
}

/** Sessions per distinct node list of `rows` (a store's funnelPaths), in no particular order. */
export function sankeyPathsOf(
  rows: FunnelPathRow[],
  stepCount: number,
  mode: 'unbounded' | 'sequential',
): SankeyPath[] {
  const counts = new Map<string, SankeyPath>();
  for (const row of rows) {
    const nodes = pathNodes(row, stepCount, mode);
    // Page paths never hold U+0000 (the contract refuses control characters), so the join is a key.
    const key = nodes.join('\u0000');
    const entry = counts.get(key);
    if (entry) entry.sessions += row.sessions;
    else counts.set(key, { nodes, sessions: row.sessions });
  }
  return [...counts.values()];
}

/** Which of the sankey's paths a report shows: the `maxPaths` with most sessions, each with at least `minSessions`. */
export interface SankeyTop {
  maxPaths: number;
  minSessions: number;
}

/** The paths with at least `minSessions`, as many as `maxPaths` by sessions, and any tied with the last of them. */
export function topSankeyPaths(paths: SankeyPath[], top: SankeyTop): SankeyPath[] {
  const kept = paths.filter((p) => p.sessions >= top.minSessions).sort((a, b) => b.sessions - a.sessions);
  const last = kept[top.maxPaths - 1]?.sessions;
  return last === undefined ? kept : kept.filter((p) => p.sessions >= last);
}
