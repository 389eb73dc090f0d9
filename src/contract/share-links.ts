import { z } from 'zod';
import { filterList } from './filters.js';

/**
 * The report pages a share link may open (issue 43 §4). Funnels, goals, experiments and the
 * all-properties view are not shareable: they read saved funnels, goals and tests by name, which a
 * link's holder should not learn.
 */
export const shareReports = ['traffic', 'pages', 'clicks', 'forms'] as const;
export type ShareReport = (typeof shareReports)[number];

/** The API reads each report page makes: a share session may make these and nothing else. */
export const shareReportReads = {
  traffic: ['trafficTrends', 'trafficSummary', 'trafficRealtime', 'trafficBreakdown', 'entryExitPages'],
  pages: ['pagesBreakdown'],
  clicks: ['clicksBreakdown', 'clickDetails'],
  forms: ['formsBreakdown', 'formDetails'],
} as const satisfies Record<ShareReport, readonly string[]>;

/** An origin a site frames an embed link from: https, no path (`https://www.example.com`). */
export const frameOrigin = z
  .string()
  .max(200)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' && u.origin === s.replace(/\/$/, '') && !u.username;
    } catch {
      return false;
    }
  }, 'an https origin, e.g. https://www.example.com (no path)')
  .transform((s) => new URL(s).origin);

/** The random token in a share link's URL; only its SHA-256 is stored. */
export const shareToken = z.string().regex(/^[0-9A-Za-z]{20,64}$/, 'the link’s token');
export const shareLinkId = z.string().regex(/^shr_[0-9A-Za-z]{1,40}$/, 'a share link id (shr_…)');

export const createShareLinkBody = z.object({
  label: z.string().trim().min(1).max(100),
  reports: z.array(z.enum(shareReports)).min(1).max(shareReports.length),
  /** Forced on every read of the link, ANDed with what the viewer picks; at most 5, so the viewer keeps room. */
  filters: filterList.max(5).optional(),
  password: z.string().min(8).max(256).optional(),
  expires_at: z.iso.datetime({ offset: true }).optional(),
  embed: z.boolean().default(false),
  frame_ancestors: z.array(frameOrigin).max(10).default([]),
});

export const shareLinkState = z.enum(['active', 'expired', 'revoked']);

export const shareLinkSummary = z.object({
  id: shareLinkId,
  property_id: z.string(),
  label: z.string(),
  reports: z.array(z.enum(shareReports)),
  filters: filterList,
  password: z.boolean(),
  embed: z.boolean(),
  frame_ancestors: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  state: shareLinkState,
});
export type ShareLinkSummary = z.infer<typeof shareLinkSummary>;

export const shareLinksResponse = z.object({ data: z.array(shareLinkSummary) });
/** The link itself is in this answer only: the server keeps its hash. */
export const createdShareLinkResponse = z.object({ link: z.string(), record: shareLinkSummary });
export const shareLinkParams = z.object({ id: z.string(), linkId: shareLinkId });
export const revokedShareLinkResponse = z.object({ id: shareLinkId, revoked: z.literal(true) });

/** What opening a link tells the page: what it shows, and whether this browser may see it yet. */
export const sharedViewResponse = z.object({
  link_id: shareLinkId,
  property: z.object({ id: z.string(), name: z.string(), timezone: z.string() }),
  reports: z.array(z.enum(shareReports)),
  filters: filterList,
  embed: z.boolean(),
  needs_password: z.boolean(),
  /** Whether this browser holds the link's share session (after the password, when it has one). */
  opened: z.boolean(),
});
export type SharedView = z.infer<typeof sharedViewResponse>;
export const sharedTokenParams = z.object({ token: shareToken });
export const openSharedViewBody = z.object({ password: z.string().max(256).optional() });
