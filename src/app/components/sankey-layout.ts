import { sankey, sankeyLeft, sankeyLinkHorizontal, type SankeyLink, type SankeyNode } from 'd3-sankey';

/** One route through the site and how many sessions took it (the API's sankey `paths`). */
export interface SankeyPath {
  nodes: string[];
  sessions: number;
}
interface NodeData {
  id: string;
  name: string;
  column: number;
}
interface LinkData {
  source: string;
  target: string;
  value: number;
  /** Carries sessions of paths that complete the funnel (their own band, in their own colour). */
  completed: boolean;
}

/** Which paths complete (the funnel's last step); their bands are kept apart from the others'. */
export type CompletesPath = (nodes: string[]) => boolean;
const never: CompletesPath = () => false;

/**
 * Paths → nodes and links. A node is a name at a position (`2:/pricing`), not a name alone: a page
 * seen at step 1 and again at step 3 would otherwise make a cycle, which a sankey cannot draw. Between
 * two nodes, the sessions of completing paths are one link and the others another, so a band shared
 * by both is drawn as two, each in its colour.
 */
export function pathsToGraph(
  paths: SankeyPath[],
  completes: CompletesPath = never,
): { nodes: NodeData[]; links: LinkData[] } {
  const nodes = new Map<string, NodeData>();
  const links = new Map<string, LinkData>();
  for (const path of paths) {
    const completed = completes(path.nodes);
    path.nodes.forEach((name, column) => {
      const id = `${column}:${name}`;
      if (!nodes.has(id)) nodes.set(id, { id, name, column });
      if (column === 0) return;
      const source = `${column - 1}:${path.nodes[column - 1]}`;
      const key = `${source}\u0000${id}\u0000${completed}`;
      const link = links.get(key) ?? { source, target: id, value: 0, completed };
      link.value += path.sessions;
      links.set(key, link);
    });
  }
  // A node no link touches (a one-page path) has no flow to draw.
  const linked = new Set([...links.values()].flatMap((l) => [l.source, l.target]));
  return { nodes: [...nodes.values()].filter((n) => linked.has(n.id)), links: [...links.values()] };
}

export interface PlacedNode {
  id: string;
  name: string;
  column: number;
  value: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
export interface PlacedLink {
  source: PlacedNode;
  target: PlacedNode;
  value: number;
  width: number;
  completed: boolean;
  /** SVG path of the band's centre line; stroke it `width` wide. */
  d: string;
}
export interface SankeyLayout {
  width: number;
  height: number;
  columns: number;
  nodes: PlacedNode[];
  links: PlacedLink[];
}

const NODE_WIDTH = 12;
const NODE_PADDING = 22;
/** Enough room per column for a path label beside its node. */
export const MIN_COLUMN_WIDTH = 150;

interface LayoutOptions {
  completes?: CompletesPath;
  /**
   * Room kept free right of the last column (left of the first) for its labels, so they sit beside
   * their nodes and never over the bands that arrive there (or leave from there).
   */
  lastLabelRoom?: number;
  firstLabelRoom?: number;
}

/** Positions for every node and band, computed by d3-sankey; React draws them. */
export function layoutSankey(
  paths: SankeyPath[],
  availableWidth: number,
  { completes = never, lastLabelRoom = 0, firstLabelRoom = 0 }: LayoutOptions = {},
): SankeyLayout {
  const graph = pathsToGraph(paths, completes);
  const columns = graph.nodes.reduce((n, node) => Math.max(n, node.column + 1), 0);
  if (graph.links.length === 0) return { width: availableWidth, height: 0, columns, nodes: [], links: [] };
  const perColumn = new Map<number, number>();
  for (const n of graph.nodes) perColumn.set(n.column, (perColumn.get(n.column) ?? 0) + 1);
  const tallest = Math.max(...perColumn.values());
  const width = Math.max(availableWidth, columns * MIN_COLUMN_WIDTH + firstLabelRoom + lastLabelRoom);
  const height = Math.max(220, tallest * 46);
  const layout = sankey<NodeData, LinkData>()
    .nodeId((n) => n.id)
    .nodeAlign(sankeyLeft)
    .nodeWidth(NODE_WIDTH)
    .nodePadding(NODE_PADDING)
    // Keep the API's order (most sessions first) inside a column instead of d3's crossing minimiser.
    .nodeSort((a, b) => (b.value ?? 0) - (a.value ?? 0) || a.name.localeCompare(b.name))
    .extent([
      [1 + firstLabelRoom, 8],
      [width - 1 - lastLabelRoom, height - 8],
    ]);
  const out = layout({ nodes: graph.nodes.map((n) => ({ ...n })), links: graph.links.map((l) => ({ ...l })) });
  const place = (n: SankeyNode<NodeData, LinkData>): PlacedNode => ({
    id: n.id,
    name: n.name,
    column: n.column,
    value: n.value ?? 0,
    x0: n.x0 ?? 0,
    x1: n.x1 ?? 0,
    y0: n.y0 ?? 0,
    y1: n.y1 ?? 0,
  });
  const placed = new Map(out.nodes.map((n) => [n.id, place(n)]));
  const linkPath = sankeyLinkHorizontal<NodeData, LinkData>();
  return {
    width,
    height,
    columns,
    nodes: [...placed.values()],
    links: out.links.map((l: SankeyLink<NodeData, LinkData>) => ({
      source: placed.get((l.source as NodeData).id)!,
      target: placed.get((l.target as NodeData).id)!,
      value: l.value,
      width: l.width ?? 0,
      completed: l.completed,
      d: linkPath(l) ?? '',
    })),
  };
}
