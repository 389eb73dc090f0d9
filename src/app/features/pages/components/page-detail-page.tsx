import { Link, useSearch } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state.js';
import { ViewGate } from '../../../components/view-gate.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { PageBreakdowns } from './page-breakdowns.js';
import { PageClicks } from './page-clicks.js';
import { PageFigures } from './page-figures.js';
import { PageForms } from './page-forms.js';
import './pages.css';

function PageDetail({ view, path }: { view: DashboardView; path: string }) {
  return (
    <div className="pages-report">
      <div className="page-detail-head">
        <h1 className="page-title">
          <span className="muted">Page</span> {path}{' '}
          <span className="muted">
            · {view.property.name} · {view.timezone}
          </span>
        </h1>
        <div className="page-detail-actions">
          <Link to="/pages" search={(s) => ({ ...s, path: undefined })}>
            All pages
          </Link>
          {/* The wizard reads `page` and keeps the property from the root params. */}
          <Link
            to="/experiments/new"
            search={(s) => ({ ...s, path: undefined, page: path })}
            className="button primary"
          >
            Create an experiment on this page
          </Link>
        </div>
      </div>
      <PageFigures view={view} path={path} />
      {/* What visitors did on the page comes before where they came from: it is what an experiment would change. */}
      <div className="pages-two-up">
        <PageClicks view={view} path={path} />
        <PageForms view={view} path={path} />
      </div>
      <PageBreakdowns view={view} path={path} />
    </div>
  );
}

export function PageDetailPage() {
  const { path } = useSearch({ from: '/pages/detail' });
  return (
    <ViewGate>
      {(view) =>
        path ? (
          <PageDetail view={view} path={path} />
        ) : (
          <section className="card">
            <h1 className="page-title">Page detail</h1>
            <EmptyState title="No page chosen.">
              This view needs a page path such as <code>/pricing</code>. Open one from the{' '}
              <Link to="/pages" search={(s) => ({ ...s, path: undefined })}>
                Pages report
              </Link>{' '}
              to see its sources, devices, clicks and forms.
            </EmptyState>
          </section>
        )
      }
    </ViewGate>
  );
}
