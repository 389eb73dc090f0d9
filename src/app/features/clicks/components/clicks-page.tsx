import { fetchClicks } from '../api/clicks-query.js';
import { InteractionReportPage, type InteractionReportConfig } from '../../../components/interaction-report.js';

const CLICKS: InteractionReportConfig<'clicks', 'unique_clicks', 'click_through_rate'> = {
  report: 'clicks',
  title: 'Clicks',
  fetch: fetchClicks,
  count: { key: 'clicks', label: 'Clicks' },
  unique: { key: 'unique_clicks', label: 'Unique clicks' },
  rate: { key: 'click_through_rate', label: 'Click-through rate' },
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
      hint: 'The tracker records clicks on links and buttons automatically once the snippet is installed; elements show here by the text people saw on them, with their CSS selector.',
    },
    note: "The click-through rate is an element's clicks over its page's views. Open a page to see every element clicked on it, with its share of that page's clicks, next to the page's forms and traffic.",
    allPages: {
      title: 'Top clicked elements on all pages',
      note: 'Each element (its text and selector) totalled over every page it was clicked on; its click-through rate is over the views of those pages.',
    },
  },
};

export function ClicksPage() {
  return <InteractionReportPage config={CLICKS} />;
}
