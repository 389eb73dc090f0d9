import { ViewGate } from '../../../components/view-gate.js';
import { BreakdownTabs } from './breakdown-tabs.js';
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
          <h1 className="page-title">Traffic <span className="muted">· {view.property.name} · {view.timezone}</span></h1>
          <KpiCards view={view} />
          <div className="traffic-main">
            <TrendsChart view={view} />
            <RealtimeCard view={view} />
          </div>
          <BreakdownTabs view={view} />
          <EntryExitTables view={view} />
        </div>
      )}
    </ViewGate>
  );
}
