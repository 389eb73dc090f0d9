import type { ExperimentDetail } from '../../contract/experiments.js';
import { BURST_SESSIONS, HEAVY_CLIENT_SESSIONS, type ExperimentTraffic } from '../store/experiment-store.js';

/** Sessions from heavy addresses (10+ each) making at least this share of the test look forged… */
export const FORGED_HEAVY_SHARE = 0.2;
/** …and so do bursts (20+ sessions from one address in 10 minutes) making at least this share. */
export const FORGED_BURST_SHARE = 0.05;

export type TrafficCheck = NonNullable<ExperimentDetail['traffic_check']>;

/**
 * The detail's traffic check (docs/experiments.md). Real visitors come from many addresses, a few
 * sessions each, spread over the day; anyone can post exposures and conversions to collect, and
 * forged sessions from a few addresses can decide a test. Two signs, either of which withholds a call:
 * - spread: a fifth of the sessions from addresses that sent 10+ each. Ten keeps a tester's own
 *   visits quiet, and a fifth is more than an office behind one NAT usually makes; counting every
 *   heavy address (not only the top one) catches a forger who splits the work over a few addresses.
 * - bursts: a twentieth of the sessions in bursts of 20+ from one address within 10 minutes, a pace no
 *   person keeps; a forger in a hurry leaves it even on a busy test where the spread looks fine.
 */
export function trafficCheck(t: ExperimentTraffic): TrafficCheck {
  const share = (n: number) => (t.sessions > 0 ? n / t.sessions : 0);
  const heavyShare = share(t.heavy_client_sessions);
  const burstShare = share(t.burst_sessions);
  const spread = heavyShare >= FORGED_HEAVY_SHARE;
  const bursts = t.burst_sessions > 0 && burstShare >= FORGED_BURST_SHARE;
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const reasons = [
    ...(spread
      ? [
          t.heavy_client_sessions === t.top_client_sessions
            ? `${t.top_client_sessions} of the ${t.sessions} sessions counted (${pct(heavyShare)}) came from one client address`
            : `${t.heavy_client_sessions} of the ${t.sessions} sessions counted (${pct(heavyShare)}) came from a few client addresses that sent ${HEAVY_CLIENT_SESSIONS} or more each`,
        ]
      : []),
    ...(bursts
      ? [
          `${t.burst_sessions} sessions (${pct(burstShare)}) arrived in bursts of ${BURST_SESSIONS} or more from one address within 10 minutes`,
        ]
      : []),
  ];
  return {
    top_client_sessions: t.top_client_sessions,
    top_client_share: share(t.top_client_sessions),
    addresses: t.addresses,
    heavy_client_share: heavyShare,
    burst_sessions: t.burst_sessions,
    looks_forged: reasons.length > 0,
    warning: reasons.length
      ? `${capitalise(reasons.join('; and '))}. This test’s traffic may be forged (or mostly one office or tester): ` +
        'its figures may not describe real visitors, so no winner is called while it looks this way.'
      : null,
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
