import Bowser from 'bowser';
import { isbot } from 'isbot';
import type { EventInput, StoredEvent } from '../../contract/events.js';

interface AgentFacts {
  bot: boolean;
  device: 'desktop' | 'mobile' | null;
  browser: string | null;
  os: string | null;
}

// Imports and collect see few distinct user agents; parsing each once keeps normalisation cheap.
const agentCache = new Map<string, AgentFacts>();
const CACHE_LIMIT = 10_000;

/** Bot flag (isbot), device class (bowser; tablets count as mobile), browser and OS names of a user agent. */
export function agentFacts(userAgent: string | null | undefined): AgentFacts {
  if (!userAgent) return { bot: false, device: null, browser: null, os: null };
  const hit = agentCache.get(userAgent);
  if (hit) return hit;
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  const facts: AgentFacts = {
    bot: isbot(userAgent),
    browser: parsed.browser.name?.slice(0, 64) || null,
    os: parsed.os.name?.slice(0, 64) || null,
    device: platform === 'desktop' ? 'desktop' : platform === 'mobile' || platform === 'tablet' ? 'mobile' : null,
  };
  if (agentCache.size >= CACHE_LIMIT) agentCache.clear();
  agentCache.set(userAgent, facts);
  return facts;
}

/** What collect knows better than the body: the request's own agent and the address's country. */
export interface RequestFacts {
  userAgent: string | null;
  /** Null keeps the event's own. */
  country: string | null;
}

/**
 * A validated event as the store keeps it; `ts` is the event's own or, when absent, `now`. With
 * `request` (collect), the server's clock, agent and country replace the body's: passed apart rather
 * than as a copy of the event, which cost collect an object per event.
 */
export function normalizeEvent(e: EventInput, now: Date, request?: RequestFacts): StoredEvent {
  const agent = agentFacts(request ? request.userAgent : e.user_agent);
  const device = e.device === 'tablet' ? 'mobile' : (e.device ?? agent.device);
  return {
    type: e.type,
    property_id: e.property_id,
    ts: e.ts && !request ? new Date(e.ts) : now,
    visitor_id: e.visitor_id,
    session_id: e.session_id,
    path: e.path,
    referrer: e.referrer || null,
    utm_source: e.utm_source || null,
    utm_medium: e.utm_medium || null,
    utm_campaign: e.utm_campaign || null,
    country: request?.country ?? e.country ?? null,
    device,
    browser: agent.browser,
    os: agent.os,
    is_bot: agent.bot,
    scroll_depth: e.scroll_depth ?? null,
    engaged_ms: e.engaged_ms ?? null,
    target: e.target ?? null,
    href: e.href ?? null,
    source: e.source ?? null,
    experiment_id: e.experiment_id ?? null,
    variant: e.variant ?? null,
    amount: e.amount ?? null,
    currency: e.currency ?? null,
    name: e.name ?? null,
    props: e.props && Object.keys(e.props).length > 0 ? e.props : null,
    // Only an element's: a label sent on another event type describes nothing the reports show.
    label: e.type === 'click' || e.type === 'form_submit' ? (e.label ?? null) : null,
  };
}
