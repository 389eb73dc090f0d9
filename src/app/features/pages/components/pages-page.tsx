import { ViewGate } from '../../../components/view-gate.js';
import { PagesTable } from './pages-table.js';
import './pages.css';

export function PagesPage() {
  return (
    <ViewGate>
      {(view) => (
        <div className="pages-report">
          <h1 className="page-title">
            Pages{' '}
            <span className="muted">
              · {view.property.name} · {view.timezone}
            </span>
          </h1>
          <PagesTable view={view} />
        </div>
      )}
    </ViewGate>
  );
}
