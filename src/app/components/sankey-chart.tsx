import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { formatInteger } from '../lib/format.js';
import { layoutSankey, type PlacedNode, type SankeyPath } from './sankey-layout.js';
import './sankey-chart.css';

/** How a node is drawn: an ordinary step, an end where flow is lost, or a muted "and so on". */
/** A page, a loss (drop-off), a path cut short (more), or a goal's event among the pages. */
export type SankeyNodeKind = 'page' | 'loss' | 'more' | 'goal';

interface Props {
  paths: SankeyPath[];
  title: string;
  /** Read by screen readers in place of the picture; the figures should also be in a table nearby. */
  description: string;
  kindOf?: (name: string) => SankeyNodeKind;
}

/** Follows the box's width, so the chart fills a card on any screen. */
function useWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

// A 12px label's characters are about 6.5px wide at most. Between two columns go a node, the gap before
// its label, the longest label (with its figure) and some air; the last column's labels sit left of it.
const CHAR_PX = 6.5;
const NODE_PX = 12;
const GAP_PX = NODE_PX + 6 + 12;

/**
 * The narrowest drawing whose labels do not reach the next column. On a phone this is wider than the
 * card, and the wrapper scrolls; measured from the text so long paths get the room they need.
 */
function labelWidth(paths: SankeyPath[]): number {
  let columns = 0;
  let longest = 0;
  for (const p of paths) {
    columns = Math.max(columns, p.nodes.length);
    for (const name of p.nodes) longest = Math.max(longest, name.length);
  }
  const figure = formatInteger(paths.reduce((n, p) => n + p.sessions, 0)).length + 1;
  return columns < 2 ? 0 : Math.ceil(NODE_PX + (columns - 1) * (GAP_PX + (longest + figure) * CHAR_PX));
}

/**
 * A d3-sankey layout drawn by React as SVG. Bands are strokes as wide as their flow; labels sit right
 * of their node (left of it in the last column). The wrapper scrolls sideways when the columns need
 * more room than a phone has, instead of squeezing the labels into each other.
 */
export function SankeyChart({ paths, title, description, kindOf = () => 'page' }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, 800);
  const layout = useMemo(() => layoutSankey(paths, Math.max(width, labelWidth(paths))), [paths, width]);
  const id = useId();
  const label = (n: PlacedNode) => {
    const last = n.column === layout.columns - 1;
    return (
      <text x={last ? n.x0 - 6 : n.x1 + 6} y={(n.y0 + n.y1) / 2} dy="0.35em" textAnchor={last ? 'end' : 'start'} className="sankey-label">
        {n.name} <tspan className="sankey-value">{formatInteger(n.value)}</tspan>
      </text>
    );
  };
  return (
    // Focusable and named, so a keyboard can scroll it sideways when the drawing is wider than the card.
    <div className="sankey-scroll" ref={box} tabIndex={0} role="region" aria-label={`${title} (scrolls sideways on a narrow screen)`}>
      <svg
        className="sankey"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-testid="sankey"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g className="sankey-links">
          {layout.links.map((l) => (
            <path key={`${l.source.id}>${l.target.id}`} d={l.d} strokeWidth={Math.max(1, l.width)} className={`sankey-link ${kindOf(l.target.name)}`}>
              <title>{`${l.source.name} → ${l.target.name}: ${formatInteger(l.value)} sessions`}</title>
            </path>
          ))}
        </g>
        {layout.nodes.map((n) => (
          <g key={n.id} className={`sankey-node ${kindOf(n.name)}`} data-node={n.name}>
            <rect x={n.x0} y={n.y0} width={n.x1 - n.x0} height={Math.max(1, n.y1 - n.y0)} />
            {label(n)}
          </g>
        ))}
      </svg>
    </div>
  );
}
