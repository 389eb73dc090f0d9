// The page script served at /sightline.js. Install:
//   <script defer data-property="ID" src="https://HOST/sightline.js"></script>
// `data-api` overrides where events go (default: the script's own origin + /api/collect).
import { trackEngagement } from './engagement.js';
import { sessionId, visitorId } from './ids.js';
import { trackInteractions } from './interactions.js';
import { currentPath, pageviewFields, watchPages } from './pageviews.js';
import { trackingRefused } from './privacy.js';
import { createSendQueue } from './send-queue.js';
import { scheduleSnapshot } from './snapshot.js';
import type { Emit } from './types.js';

declare global {
  interface Window {
    /** Set once the tracker runs, so a second copy of the tag does nothing. */
    sightline?: { property: string };
  }
}

function start(property: string, api: string): void {
  window.sightline = { property };
  const queue = createSendQueue(api);
  const emit: Emit = (type, fields) =>
    queue.push({ type, property_id: property, visitor_id: visitorId(), session_id: sessionId(), path: currentPath(), ...fields });

  // Experiments (variant assignment, changes before first paint) will run here, before anything
  // below, because they must apply synchronously while the page is still loading.
  const engagement = trackEngagement(emit);
  watchPages((first) => {
    const session_id = sessionId();
    engagement.start(currentPath(), session_id);
    emit('pageview', { session_id, ...pageviewFields(first) });
    scheduleSnapshot(emit);
  });
  trackInteractions(emit);

  // Hidden is the last moment a page reliably runs (mobile browsers kill hidden tabs without
  // unload); pagehide covers browsers that skip visibilitychange on navigation.
  const hide = () => {
    engagement.report();
    queue.flush(true);
  };
  document.addEventListener('visibilitychange', () => document.visibilityState == 'hidden' && hide());
  addEventListener('pagehide', hide);
}

// Read while this script runs: currentScript is null in any callback later.
const script = (document.currentScript || document.querySelector('script[data-property]')) as HTMLScriptElement | null;
const property = script?.getAttribute('data-property');
if (script && property && !window.sightline && !trackingRefused()) {
  start(property, script.getAttribute('data-api') || new URL(script.src, location.href).origin + '/api/collect');
}
