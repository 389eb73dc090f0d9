// The page script served at /sightline.js. Install, for analytics alone:
//   <script defer data-property="ID" src="https://HOST/sightline.js"></script>
// and on sites that run experiments, synchronously and early in <head>, with the property's
// experiment configuration prepended by the server (docs/tracking.md):
//   <script src="https://HOST/sightline.js?p=ID"></script>
// The deferred form runs no experiments: it has no configuration, and fetching one would flicker.
// `data-api` overrides where events go (default: the script's own origin + /api/collect).
import { trackEngagement } from './engagement.js';
import { runExperiments } from './experiments.js';
import { sessionId, visitorId } from './ids.js';
import { trackInteractions } from './interactions.js';
import { currentPath, pageviewFields, watchPages } from './pageviews.js';
import { previewOf } from './preview.js';
import { trackingRefused } from './privacy.js';
import { createSendQueue } from './send-queue.js';
import { customEvents, type SightlineApi, type SightlineStub } from './custom-events.js';
import { scheduleSnapshot } from './snapshot.js';
import type { Emit } from './types.js';

declare global {
  interface Window {
    /**
     * The page's API once the tracker runs (a second copy of the tag then does nothing); before it,
     * optionally a stub whose `q` holds the calls made so far (docs/tracking.md "Custom events").
     */
    sightline?: SightlineApi | SightlineStub;
  }
}

function start(property: string, api: string): void {
  const queue = createSendQueue(api);
  const emit: Emit = (type, fields) =>
    queue.push({
      type,
      property_id: property,
      visitor_id: visitorId(),
      session_id: sessionId(),
      path: currentPath(),
      ...fields,
    });
  // Set first, so a second copy of the tag does nothing even when a redirect variant ends this one.
  window.sightline = customEvents(property, emit, window.sightline as SightlineStub | undefined);

  // Experiments first, synchronously: variants must apply (or redirect) before the page paints.
  const experiments = runExperiments(window.__sightlineConfig, visitorId(), emit);
  // Leaving for a redirect variant: the destination counts the visit, this page nothing.
  if (experiments.route()) return;
  const engagement = trackEngagement(emit);
  watchPages((first) => {
    // A client-side navigation onto an experiment's page runs it then (or redirects).
    if (!first && experiments.route()) return;
    const session_id = sessionId();
    engagement.start(currentPath(), session_id);
    emit('pageview', { session_id, ...pageviewFields(first) });
    experiments.expose();
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
const src = script && new URL(script.src, location.href);
const property = script && (script.getAttribute('data-property') || src!.searchParams.get('p'));
const preview = previewOf(window.__sightlineConfig);
if (script && property && !(window.sightline && 'property' in window.sightline)) {
  // A preview link shows its variant and sends nothing, so it also works where tracking is refused
  // (Do Not Track, GPC): the person checking their test may well browse that way.
  if (preview) watchPages(runExperiments(window.__sightlineConfig, '', () => {}, preview).route);
  else if (!trackingRefused()) start(property, script.getAttribute('data-api') || src!.origin + '/api/collect');
}
