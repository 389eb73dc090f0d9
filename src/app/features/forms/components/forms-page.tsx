import { fetchForms } from '../api/forms-query.js';
import { InteractionReportPage, type InteractionReportConfig } from '../../../components/interaction-report.js';

const FORMS: InteractionReportConfig<'submissions', 'unique_submissions', 'submission_rate'> = {
  report: 'forms',
  title: 'Forms',
  fetch: fetchForms,
  count: { key: 'submissions', label: 'Submissions' },
  unique: { key: 'unique_submissions', label: 'Unique submissions' },
  rate: { key: 'submission_rate', label: 'Submission rate' },
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
      hint: 'The tracker records every form submission automatically once the snippet is installed; forms show here by their label or heading, with their CSS selector.',
    },
    note: "The submission rate is a form's submissions over its page's views. Open a page to see each of its forms with its share of that page's submissions, next to the page's clicks and traffic.",
    allPages: {
      title: 'Top forms on all pages',
      note: 'Each form (its label and selector) totalled over every page it was submitted on; its submission rate is over the views of those pages.',
    },
  },
};

export function FormsPage() {
  return <InteractionReportPage config={FORMS} />;
}
