import { fetchClicks } from '../api/clicks-query.js';
import { InteractionReportPage, type InteractionReportConfig } from '../../../components/interaction-report.js';

const CLICKS: InteractionReportConfig<'clicks', 'unique_clicks'> = {
  report: 'clicks',
  title: 'Clicks',
  fetch: fetchClicks,
  count: { key: 'clicks', label: 'Clicks' },
  unique: { key: 'unique_clicks', label: 'Unique clicks' },
  figuresLabel: 'Click totals',
  trend: {
    title: 'Clicks over time',
    csvLabel: 'the clicks trend',
    testId: 'clicks-chart',
    empty: {
      title: 'No clicks in this range.',
      text: 'The tracker records clicks on links and buttons automatically once the snippet is installed. Pick a longer range, or check that the snippet is on your pages.',
    },
  },
  table: {
    title: 'Top clicked elements',
    testId: 'click-targets',
    targetLabel: 'Clicked element',
    uniqueLabel: 'Unique clicks',
    shareLabel: 'Share of all clicks',
    empty: {
      title: 'No clicks in this range.',
      hint: 'The tracker records clicks on links and buttons automatically once the snippet is installed; elements show here by their CSS selector.',
    },
    note: "Open a page to see every element clicked on it, with its share of that page's clicks, next to the page's forms and traffic.",
  },
};

export function ClicksPage() {
  return <InteractionReportPage config={CLICKS} />;
}
