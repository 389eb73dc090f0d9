import { ViewGate } from '../../../components/view-gate.js';
import { BreakdownTabs } from './breakdown-tabs.js';
import { CountryMapCard } from './country-map-card.js';
import { EntryExitTables } from './entry-exit-tables.js';
import { KpiCards } from './kpi-cards.js';
import { RealtimeCard } from './realtime-card.js';
import { TrendsChart } from './trends-chart.js';
import './traffic.css';

export function TrafficPage() {
  return (
    <ViewGate>
      {(view) => (
        <div className="traffic">
          <h1 className="page-title">
            Traffic{' '}
            <span className="muted">
              · {view.property.name} · {view.timezone}
            </span>
          </h1>
          <KpiCards view={view} />
          <div className="traffic-main">
            <TrendsChart view={view} />
            <RealtimeCard view={view} />
          </div>
          {/* The map sits beside the tabs, so with Countries open it is beside the countries table. */}
          <div className="traffic-breakdowns">
            <BreakdownTabs view={view} />
            <CountryMapCard view={view} />
          </div>
          <EntryExitTables view={view} />
        </div>
      )}
    </ViewGate>
  );
}
