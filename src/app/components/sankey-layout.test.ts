import { describe, expect, it } from 'vitest';
import { layoutSankey, pathsToGraph } from './sankey-layout.js';

const paths = [
  { nodes: ['/', '/pricing', '/signup'], sessions: 3 },
  { nodes: ['/', '/pricing', '(drop-off)'], sessions: 2 },
  { nodes: ['/', '(drop-off)'], sessions: 1 },
];

describe('pathsToGraph', () => {
  it('adds up the sessions of every path through each pair of nodes', () => {
    const { nodes, links } = pathsToGraph(paths);
    expect(nodes.map((n) => n.id)).toEqual(['0:/', '1:/pricing', '2:/signup', '2:(drop-off)', '1:(drop-off)']);
    expect(links).toEqual([
      { source: '0:/', target: '1:/pricing', value: 5, completed: false },
      { source: '1:/pricing', target: '2:/signup', value: 3, completed: false },
      { source: '1:/pricing', target: '2:(drop-off)', value: 2, completed: false },
      { source: '0:/', target: '1:(drop-off)', value: 1, completed: false },
    ]);
  });

  it('keeps the sessions of completing paths in links of their own (issue 13 §10)', () => {
    const completes = (nodes: string[]) => nodes[nodes.length - 1] !== '(drop-off)';
    // / → /pricing carries 3 completing sessions and 2 that drop off later: two bands, one per colour
    expect(pathsToGraph(paths, completes).links).toEqual([
      { source: '0:/', target: '1:/pricing', value: 3, completed: true },
      { source: '1:/pricing', target: '2:/signup', value: 3, completed: true },
      { source: '0:/', target: '1:/pricing', value: 2, completed: false },
      { source: '1:/pricing', target: '2:(drop-off)', value: 2, completed: false },
      { source: '0:/', target: '1:(drop-off)', value: 1, completed: false },
    ]);
  });

  it('keeps a page seen twice in one path as two nodes, so there is no cycle', () => {
    const { nodes } = pathsToGraph([{ nodes: ['/', '/pricing', '/', '/signup'], sessions: 1 }]);
    expect(nodes.map((n) => n.id)).toEqual(['0:/', '1:/pricing', '2:/', '3:/signup']);
  });

  it('leaves out one-page paths, which have no flow', () => {
    expect(pathsToGraph([{ nodes: ['/'], sessions: 9 }])).toEqual({ nodes: [], links: [] });
  });
});

describe('layoutSankey', () => {
  const layout = layoutSankey(paths, 600);
  const node = (id: string) => layout.nodes.find((n) => n.id === id)!;
  const height = (id: string) => node(id).y1 - node(id).y0;

  it('places nodes in columns by position in the path, left to right', () => {
    expect(layout.columns).toBe(3);
    expect(node('0:/').x0).toBeLessThan(node('1:/pricing').x0);
    expect(node('1:/pricing').x0).toBeLessThan(node('2:/signup').x0);
    expect(node('1:(drop-off)').x0).toBe(node('1:/pricing').x0);
  });

  it('sizes nodes by sessions: /pricing holds 5 of the 6 sessions that start at /', () => {
    expect(node('0:/').value).toBe(6);
    expect(height('1:/pricing') / height('0:/')).toBeCloseTo(5 / 6, 5);
    expect(height('2:/signup') / height('2:(drop-off)')).toBeCloseTo(3 / 2, 5);
  });

  it('puts the busier node of a column on top', () => {
    expect(node('1:/pricing').y0).toBeLessThan(node('1:(drop-off)').y0);
  });

  it('draws each band as wide as its share of the source node', () => {
    const band = layout.links.find((l) => l.source.id === '0:/' && l.target.id === '1:/pricing')!;
    expect(band.width).toBeCloseTo(height('1:/pricing'), 5);
    expect(band.d).toMatch(/^M[\d.]+,[\d.]+C/);
  });

  it('grows wider than the box when columns would crowd their labels', () => {
    expect(layoutSankey(paths, 200).width).toBe(3 * 150);
    expect(layoutSankey(paths, 900).width).toBe(900);
  });

  it('keeps room right of the last column for its labels', () => {
    const roomy = layoutSankey(paths, 600, { lastLabelRoom: 100 });
    const lastRight = Math.max(...roomy.nodes.map((n) => n.x1));
    expect(lastRight).toBeLessThanOrEqual(600 - 100);
    expect(layoutSankey(paths, 200, { lastLabelRoom: 100 }).width).toBe(3 * 150 + 100);
  });

  it('and left of the first column for its labels', () => {
    const roomy = layoutSankey(paths, 600, { firstLabelRoom: 60, lastLabelRoom: 100 });
    expect(Math.min(...roomy.nodes.map((n) => n.x0))).toBeGreaterThanOrEqual(60);
    expect(layoutSankey(paths, 200, { firstLabelRoom: 60, lastLabelRoom: 100 }).width).toBe(3 * 150 + 160);
  });

  it('has nothing to draw without a link', () => {
    expect(layoutSankey([{ nodes: ['/'], sessions: 4 }], 600).nodes).toEqual([]);
  });
});
