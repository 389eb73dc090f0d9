import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { shareReports } from '../../contract/share-links.js';
import { SharePage } from '../features/share/components/share-page.js';
import { rootRoute } from './root.js';

// The report pages a link may show, each its own chunk as on their own routes.
const reportPages = {
  traffic: lazyRouteComponent(() => import('../features/traffic/components/traffic-page.js'), 'TrafficPage'),
  pages: lazyRouteComponent(() => import('../features/pages/components/pages-page.js'), 'PagesPage'),
  clicks: lazyRouteComponent(() => import('../features/clicks/components/clicks-page.js'), 'ClicksPage'),
  forms: lazyRouteComponent(() => import('../features/forms/components/forms-page.js'), 'FormsPage'),
};

/** `/share/<token>`: a share link's read-only view; `?report=` picks an allowed report, `?embed=1` the framable compact one. */
export const shareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/share/$token',
  validateSearch: z.object({
    report: z.enum(shareReports).optional().catch(undefined),
    // The router reads `embed=1` as the number 1.
    embed: z
      .union([z.literal(1), z.literal('1'), z.literal(true)])
      .optional()
      .catch(undefined),
  }),
  component: function ShareRouteComponent() {
    const { token } = shareRoute.useParams();
    const { report, embed } = shareRoute.useSearch();
    return <SharePage token={token} report={report} embed={embed !== undefined} reportPages={reportPages} />;
  },
});
