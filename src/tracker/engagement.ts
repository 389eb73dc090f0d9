import type { Emit } from './types.js';

/** Time without input after which a visible page no longer counts as engaged (a tab left open). */
const IDLE_MS = 30_000;
const ACTIVITY = ['scroll', 'keydown', 'pointerdown', 'pointermove', 'touchstart'];

export interface Engagement {
  /** Reports the page that is ending, if any, and starts measuring the current one. */
  start(path: string, sessionId: string): void;
  /** Sends the deepest scroll and engaged time so far, when they changed since the last report. */
  report(): void;
}

/**
 * Measures how far down each page view scrolled and how long the visitor was engaged: visible time,
 * counting at most IDLE_MS after each input. Reports are cumulative per page view, so a page hidden
 * twice reports twice and the larger figures win.
 */
export function trackEngagement(emit: Emit): Engagement {
  let page: { path: string; session_id: string } | null = null;
  let depth = 0;
  let engaged = 0;
  let last = Date.now();
  let shown = document.visibilityState != 'hidden';
  let sent = '';

  const tick = () => {
    const now = Date.now();
    if (shown) engaged += Math.min(now - last, IDLE_MS);
    last = now;
  };
  const measure = () => {
    const height = document.documentElement.scrollHeight;
    depth = Math.max(depth, height ? Math.min(1, (scrollY + innerHeight) / height) : 1);
  };
  for (const type of ACTIVITY) addEventListener(type, tick, { capture: true, passive: true });
  addEventListener('scroll', measure, { capture: true, passive: true });
  document.addEventListener('visibilitychange', () => {
    tick();
    shown = document.visibilityState != 'hidden';
  });

  const report = () => {
    tick();
    const figures = { scroll_depth: Math.round(depth * 100) / 100, engaged_ms: Math.round(engaged) };
    const key = figures.scroll_depth + '/' + figures.engaged_ms;
    if (!page || key == sent) return;
    sent = key;
    emit('engagement', { ...page, ...figures });
  };

  return {
    start(path, session_id) {
      report();
      page = { path, session_id };
      depth = engaged = 0;
      sent = '';
      last = Date.now();
      // A single-page app may render the new view just after the URL changes.
      setTimeout(measure, 100);
    },
    report() {
      measure();
      report();
    },
  };
}
