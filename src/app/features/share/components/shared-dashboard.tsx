import { Link } from '@tanstack/react-router';
import { Suspense, useMemo, type ComponentType } from 'react';
import type { SharedView, ShareReport } from '../../../../contract/share-links.js';
import { FilterBar } from '../../../components/filter-bar.js';
import { headerControlsFor } from '../../../components/header-controls.js';
import { RangeControls } from '../../../components/range-controls.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { ConnectionOverride } from '../../../lib/connection-context.js';
import type { ShareConnection } from '../../../lib/connection.js';
import { sharedView } from '../../../lib/dashboard-search.js';
import { filterWords } from '../../../lib/filter-words.js';

const LABELS: Record<ShareReport, string> = { traffic: 'Traffic', pages: 'Pages', clicks: 'Clicks', forms: 'Forms' };

/**
 * The reports a share link allows, read through its share session, in its property's time zone.
 * No property picker, no admin pages, no account: the navigation lists the allowed reports only. The
 * embed variant drops the navigation and the banner's chrome for a compact frame.
 */
export function SharedDashboard({
  view,
  report: asked,
  embed,
  reportPages,
}: {
  view: SharedView;
  report: ShareReport | undefined;
  embed: boolean;
  reportPages: Record<ShareReport, ComponentType>;
}) {
  const connection = useMemo<ShareConnection>(
    () => ({ mode: 'share', linkId: view.link_id, property: view.property }),
    [view.link_id, view.property],
  );
  const report = asked && view.reports.includes(asked) ? asked : view.reports[0];
  const Page = reportPages[report];
  const forced = view.filters.map(([op, dimension, values]) => filterWords({ op, dimension, values }));
  return (
    <ConnectionOverride connection={connection}>
      <div className={embed ? 'shared embed' : 'shared'}>
        <header className="app-header">
          <div className="app-header-row">
            <span className="brand">
              <img src="/favicon.svg" alt="" width="24" height="24" /> Sightline
            </span>
            <p className="share-banner" role="note">
              Shared view of <strong>{view.property.name}</strong>
              {forced.length > 0 && <span className="muted"> · only {forced.join(' and ')}</span>}
            </p>
            {!embed && view.reports.length > 1 && (
              <nav aria-label="Reports" className="site-nav share-nav">
                {view.reports.map((r) => (
                  <Link
                    key={r}
                    to="."
                    search={(s) => ({ ...sharedView(s), property: undefined, report: r })}
                    aria-current={r === report ? 'page' : undefined}
                  >
                    {LABELS[r]}
                  </Link>
                ))}
              </nav>
            )}
          </div>
          <div className="app-header-row controls">
            <RangeControls granularity={headerControlsFor(`/${report}`).granularity} />
          </div>
          {!embed && (
            <div className="app-header-row">
              <FilterBar />
            </div>
          )}
        </header>
        <main id="main" tabIndex={-1}>
          <Suspense fallback={<SkeletonRows rows={6} />}>
            <Page />
          </Suspense>
        </main>
      </div>
    </ConnectionOverride>
  );
}
