/** Which shared controls a page uses; a control that changes nothing on the page is not shown. */
export interface HeaderControls {
  property: boolean;
  range: boolean;
  granularity: boolean;
}

const NONE: HeaderControls = { property: false, range: false, granularity: false };

export function headerControlsFor(pathname: string): HeaderControls {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (/^\/(traffic|clicks|forms)$/.test(path)) return { property: true, range: true, granularity: true };
  if (/^\/(pages|pages\/detail|funnels|goals)$/.test(path)) return { property: true, range: true, granularity: false };
  // The aggregate view picks several properties itself; the single-property picker would contradict it.
  if (path === '/aggregate') return { property: false, range: true, granularity: true };
  if (path.startsWith('/experiments')) return { property: true, range: false, granularity: false };
  return NONE;
}

/** The reports the filters apply to (every analytics read); experiments, admin and connect have none. */
export function showsFilters(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return /^\/(traffic|pages|pages\/detail|clicks|forms|funnels|goals|aggregate)$/.test(path);
}
