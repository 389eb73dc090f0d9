import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { observedPagesQueryOptions } from '../api/wizard-queries.js';
import type { WizardValues } from './wizard-form.js';
import { WizardField } from './wizard-field.js';
import { type ReportScope } from '../../../lib/report-scope.js';

/** Step 1: the page the test runs on; the box suggests the paths seen in the last 30 days. */
export function WizardPageStep({ scope }: { scope: ReportScope }) {
  const { register } = useFormContext<WizardValues>();
  const pages = useQuery(observedPagesQueryOptions(scope));
  const count = pages.data?.length ?? 0;
  const hint = pages.isPending
    ? 'Loading the pages seen in the last 30 days…'
    : pages.isError
      ? 'The observed pages could not be loaded; type the path.'
      : count > 0
        ? `Start typing to pick one of the ${count} pages seen in the last 30 days.`
        : 'No page views in the last 30 days yet; type the path.';
  return (
    <>
      <p>Which page should the test run on? Visitors of this page get one of the versions you set up next.</p>
      <WizardField label="Page path" path="page" hint={hint}>
        {(aria) => (
          <input
            type="text"
            list="wizard-observed-pages"
            placeholder="/pricing"
            spellCheck={false}
            autoComplete="off"
            {...aria}
            {...register('page')}
          />
        )}
      </WizardField>
      <datalist id="wizard-observed-pages">
        {pages.data?.map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
    </>
  );
}
