/**
 * A page's reads compete for the server's cores: on 2 cores at 10M events the Traffic page's seven
 * reads sent together took ~720 ms before the first figure, its summary and trend alone ~200 ms. So
 * the reads the top of a page shows (headline figures, the chart, and their compared periods) go
 * first, and the tables' reads start once none of those is in flight. Both kinds still run at once
 * among themselves; nothing waits for a read that failed, only for it to settle.
 */
const inFlight = new Set<Promise<unknown>>();

/** Marks a read as one the page's headline shows; reads started with `afterHeadline` wait for it. */
export function headlineRead<T>(read: Promise<T>): Promise<T> {
  const settled = read.then(
    () => undefined,
    () => undefined,
  );
  inFlight.add(settled);
  void settled.then(() => inFlight.delete(settled));
  return read;
}

/** Longest wait for a frame: a hidden tab paints none, and its tables must still load. */
const FRAME_WAIT_MS = 100;

/**
 * Resolves once the browser has painted a frame after now (double rAF: the callback of the next frame,
 * then a task after its paint), or after FRAME_WAIT_MS; at once where nothing paints (tests in node).
 */
function nextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * Starts `read` once no headline read is in flight (at once when none is) and the
 * page has painted what they brought: started as the answers arrived, the tables' reads took the
 * server's cores (on the same machine as the browser, or not) while the page rendered the figures.
 */
export async function afterHeadline<T>(read: () => Promise<T>): Promise<T> {
  // A route loader starts the headline reads and the rest in the same tick; one turn of the
  // microtask queue lets every headline read of that tick register before this one looks.
  await Promise.resolve();
  if (inFlight.size > 0) {
    while (inFlight.size > 0) await Promise.all(inFlight);
    await nextPaint();
  }
  return read();
}
