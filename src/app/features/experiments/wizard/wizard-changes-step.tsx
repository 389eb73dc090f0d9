import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { MAX_VARIANTS } from '../../../../contract/experiments.js';
import { blankVariant, type WizardValues } from './wizard-form.js';
import { FieldMessage, useFieldError } from './wizard-field.js';
import { WizardVariantCard } from './wizard-variant-card.js';
import { PageElementsContext } from './wizard-selector-check.js';
import { pageElementsQueryOptions } from '../api/wizard-queries.js';
import type { ReportScope } from '../../../lib/report-scope.js';

/** Step 3: what each variant changes on the page, or (redirect) which URL it sends visitors to. */
export function WizardChangesStep({ scope }: { scope: ReportScope }) {
  const { control, register } = useFormContext<WizardValues>();
  const variants = useFieldArray({ control, name: 'variants' });
  const type = useWatch({ control, name: 'type' });
  const page = useWatch({ control, name: 'page' });
  const variantsError = useFieldError('variants');
  // Selectors are checked against the page's snapshot; without one (or while it loads) nothing is said.
  const elements = useQuery({ ...pageElementsQueryOptions(scope, page), enabled: type === 'nocode' });

  return (
    <PageElementsContext.Provider value={elements.data}>
      <fieldset className="wizard-type">
        <legend>How do the variants differ from the page?</legend>
        <label>
          <input type="radio" value="nocode" {...register('type')} /> Change elements on {page}
        </label>
        <label>
          <input type="radio" value="redirect" {...register('type')} /> Send visitors to another URL (redirect)
        </label>
      </fieldset>
      <p className="muted small">
        The control, {page} as it is, is added by itself.{' '}
        {type === 'nocode'
          ? 'Each variant applies its changes on top of the page.'
          : 'Each variant sends its visitors to its own path on this site.'}
      </p>
      {variants.fields.map((field, i) => (
        <WizardVariantCard
          key={field.id}
          index={i}
          type={type}
          onRemove={variants.fields.length > 1 ? () => variants.remove(i) : undefined}
        />
      ))}
      <FieldMessage path="variants" error={variantsError} />
      <button
        type="button"
        className="button"
        disabled={variants.fields.length >= MAX_VARIANTS}
        onClick={() => variants.append(blankVariant(variants.fields.length + 1))}
      >
        Add a variant
      </button>
      {variants.fields.length >= MAX_VARIANTS && (
        <p className="muted small">A test has at most {MAX_VARIANTS} variants.</p>
      )}
    </PageElementsContext.Provider>
  );
}
