import { fetchForms } from '../api/forms-query.js';
import { InteractionReportPage, type InteractionReportConfig } from '../../../components/interaction-report.js';

const FORMS: InteractionReportConfig<'submissions', 'unique_submissions'> = {
  report: 'forms',
  title: 'Forms',
  fetch: fetchForms,
  count: { key: 'submissions', label: 'Submissions' },
  unique: { key: 'unique_submissions', label: 'Unique submissions' },
  figuresLabel: 'Form totals',
  trend: {
    title: 'Form submissions over time',
    csvLabel: 'the submissions trend',
    testId: 'forms-chart',
    empty: {
      title: 'No form submissions in this range.',
      text: 'The tracker records every form submission automatically once the snippet is installed. Pick a longer range, or check that the snippet is on the pages with your forms.',
    },
  },
  table: {
    title: 'Top forms',
    testId: 'top-forms',
    targetLabel: 'Form',
    uniqueLabel: 'Unique',
    shareLabel: 'Share of all submissions',
    empty: {
      title: 'No form submissions in this range.',
      hint: 'The tracker records every form submission automatically once the snippet is installed; forms show here by their CSS selector.',
    },
    note: "Open a page to see each of its forms with its share of that page's submissions, next to the page's clicks and traffic.",
  },
};

export function FormsPage() {
  return <InteractionReportPage config={FORMS} />;
}
