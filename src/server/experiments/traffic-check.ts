import type { ExperimentDetail } from '../../contract/experiments.js';
import type { ExperimentTraffic } from '../store/store.js';

/** At least this many counted sessions from one client address… */
export const FORGED_MIN_SESSIONS = 10;
/** …making at least this share of all counted sessions, and the test's traffic looks forged. */
export const FORGED_MIN_SHARE = 0.2;

/**
 * The detail's traffic check (docs/experiments.md). Real visitors come from many addresses; anyone
 * can post exposures and conversions to collect, and a handful of forged sessions from one address
 * can decide a small test. Ten sessions keep a tester's own few visits from raising it; a fifth of the
 * test is more than an office behind one NAT usually makes, and then the figures deserve a look anyway.
 */
export function trafficCheck(t: ExperimentTraffic): NonNullable<ExperimentDetail['traffic_check']> {
  const share = t.sessions > 0 ? t.top_client_sessions / t.sessions : 0;
  const looksForged = t.top_client_sessions >= FORGED_MIN_SESSIONS && share >= FORGED_MIN_SHARE;
  return {
    top_client_sessions: t.top_client_sessions,
    top_client_share: share,
    looks_forged: looksForged,
    warning: looksForged
      ? `${t.top_client_sessions} of the ${t.sessions} sessions counted (${Math.round(share * 100)}%) came from one client address. ` +
        'This test’s traffic may be forged (or mostly one office or tester): its figures may not describe real visitors.'
      : null,
  };
}
