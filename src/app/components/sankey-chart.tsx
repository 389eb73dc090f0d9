import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { formatInteger } from '../lib/format.js';
import { layoutSankey, type CompletesPath, type PlacedNode, type SankeyPath } from './sankey-layout.js';
import './sankey-chart.css';

/** A page, a loss (drop-off), a path cut short (more), or a goal's event among the pages. */
export type SankeyNodeKind = 'page' | 'loss' | 'more' | 'goal';

interface Props {
  paths: SankeyPath[];
  title: string;
  /** Read by screen readers in place of the picture; the figures should also be in a table nearby. */
  description: string;
  kindOf?: (name: string) => SankeyNodeKind;
  /** Paths that complete: their bands get their own colour, and the legend says so. */
  completes?: CompletesPath;
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
// its label, the longest label (with its figure) and some air; the last column's labels get room of
// their own right of it, so none is drawn over the bands arriving there.
const CHAR_PX = 6.5;
const NODE_PX = 12;
const LABEL_GAP_PX = 6;
const GAP_PX = NODE_PX + LABEL_GAP_PX + 12;

const labelChars = (name: string, value: number) => name.length + 1 + formatInteger(value).length;

/** The room beside a column (the first: `0`; the last: `last`) for its longest label and figure. */
function labelRoom(paths: SankeyPath[], column: 0 | 'last'): number {
  const columns = Math.max(0, ...paths.map((p) => p.nodes.length));
  const at = column === 'last' ? columns - 1 : 0;
  const totals = new Map<string, number>();
  for (const p of paths)
    if (p.nodes.length > Math.max(at, 1)) totals.set(p.nodes[at], (totals.get(p.nodes[at]) ?? 0) + p.sessions);
  const longest = Math.max(0, ...[...totals].map(([name, value]) => labelChars(name, value)));
  return longest === 0 ? 0 : Math.ceil(LABEL_GAP_PX + longest * CHAR_PX + 4);
}

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
  return columns < 2
    ? 0
    : Math.ceil(
        NODE_PX +
          (columns - 1) * (GAP_PX + (longest + figure) * CHAR_PX) +
          labelRoom(paths, 0) +
          labelRoom(paths, 'last'),
      );
}

/**
 * A d3-sankey layout drawn by React as SVG. Bands are strokes as wide as their flow; labels sit right
 * of their node, the last column's in room kept for them, the first column's left of it in its own. The wrapper scrolls sideways when the
 * columns need more room than a phone has, instead of squeezing the labels into each other.
 */
export function SankeyChart({ paths, title, description, kindOf = () => 'page', completes }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, 800);
  const layout = useMemo(
    () =>
      layoutSankey(paths, Math.max(width, labelWidth(paths)), {
        completes,
        firstLabelRoom: labelRoom(paths, 0),
        lastLabelRoom: labelRoom(paths, 'last'),
      }),
    [paths, width, completes],
  );
  const id = useId();
  // The first column's labels sit left of their nodes, in room kept for them, clear of the bands.
  const label = (n: PlacedNode) => (
    <text
      x={n.column === 0 ? n.x0 - LABEL_GAP_PX : n.x1 + LABEL_GAP_PX}
      y={(n.y0 + n.y1) / 2}
      dy="0.35em"
      textAnchor={n.column === 0 ? 'end' : 'start'}
      className="sankey-label"
    >
      {n.name} <tspan className="sankey-value">{formatInteger(n.value)}</tspan>
    </text>
  );
  return (
    <>
      {completes && <SankeyLegend />}
      {/* Focusable and named, so a keyboard can scroll it sideways when the drawing is wider than the card. */}
      <div
        className="sankey-scroll"
        ref={box}
        tabIndex={0}
        role="region"
        aria-label={`${title} (scrolls sideways on a narrow screen)`}
      >
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
              <path
                key={`${l.source.id}>${l.target.id}>${l.completed}`}
                d={l.d}
                strokeWidth={Math.max(1, l.width)}
                className={`sankey-link ${l.completed ? 'completed' : kindOf(l.target.name)}`}
              >
                <title>{`${l.source.name} → ${l.target.name}: ${formatInteger(l.value)} sessions${l.completed ? ' that completed the funnel' : ''}`}</title>
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
    </>
  );
}

/** What the bands' colours mean; the swatches repeat the bands' colours, the words carry the meaning. */
function SankeyLegend() {
  return (
    <ul className="sankey-legend" aria-label="Band colours">
      <li>
        <span className="sankey-swatch completed" aria-hidden="true" /> On paths that completed the funnel
      </li>
      <li>
        <span className="sankey-swatch page" aria-hidden="true" /> On paths that did not
      </li>
      <li>
        <span className="sankey-swatch loss" aria-hidden="true" /> Left before completing
      </li>
    </ul>
  );
}
