import { useFormContext, useWatch } from 'react-hook-form';
import { changeOps } from '../../../../contract/experiments.js';
import { VALUELESS_OPS, type ChangeOp, type WizardValues } from './wizard-form.js';
import { WizardCssRows } from './wizard-css-rows-editor.js';
import { WizardField } from './wizard-field.js';
import { WizardSelectorCheck } from './wizard-selector-check.js';

const OP_WORDS: Record<ChangeOp, string> = {
  text: 'Replace the text',
  css: 'Apply styles (CSS)',
  html: 'Replace the inner HTML',
  image: 'Swap the image',
  delete: 'Remove the element',
  duplicate: 'Duplicate the element',
};
const VALUE_LABEL: Partial<Record<ChangeOp, string>> = { text: 'New text', html: 'New HTML', image: 'New image URL' };

/** One change: which element (selector), what to do (op) and the new value (css: property rows). */
export function WizardChangeFields({ variant, index, onRemove }: { variant: number; index: number; onRemove(): void }) {
  const { control, register, setValue } = useFormContext<WizardValues>();
  const path = `variants.${variant}.changes.${index}` as const;
  const op = useWatch({ control, name: `${path}.op` });
  const fromRecommendation = useWatch({ control, name: `${path}.rec_id` }) !== '';
  const title = `Change ${index + 1}`;

  return (
    <fieldset className="wizard-change" data-change={index}>
      <legend>
        {title}
        {fromRecommendation && <span className="wizard-badge"> (from a recommendation)</span>}
      </legend>
      <div className="wizard-change-grid">
        <WizardField label="Selector" path={`${path}.selector`} hint="CSS selector of the element, e.g. #cta or h1">
          {(aria) => <input type="text" spellCheck={false} {...aria} {...register(`${path}.selector`)} />}
        </WizardField>
        <WizardField label="Operation" path={`${path}.op`}>
          {(aria) => (
            <select
              {...aria}
              {...register(`${path}.op`, {
                // delete and duplicate take no value; the contract wants an empty string there.
                onChange: (e) =>
                  VALUELESS_OPS.includes(e.target.value) && setValue(`${path}.value`, '', { shouldValidate: true }),
              })}
            >
              {changeOps.map((o) => (
                <option key={o} value={o}>
                  {OP_WORDS[o]}
                </option>
              ))}
            </select>
          )}
        </WizardField>
      </div>
      <WizardSelectorCheck path={path} />
      {op === 'css' ? (
        <WizardCssRows path={path} />
      ) : VALUELESS_OPS.includes(op) ? (
        <p className="muted small">This operation needs no value.</p>
      ) : (
        <WizardField label={VALUE_LABEL[op] ?? 'Value'} path={`${path}.value`}>
          {(aria) =>
            op === 'image' ? (
              <input type="text" spellCheck={false} {...aria} {...register(`${path}.value`)} />
            ) : (
              <textarea rows={op === 'html' ? 4 : 2} {...aria} {...register(`${path}.value`)} />
            )
          }
        </WizardField>
      )}
      <div className="wizard-change-tools">
        <button
          type="button"
          className="button small"
          onClick={onRemove}
          aria-label={`Remove ${title} of variant ${variant + 1}`}
        >
          Remove change
        </button>
      </div>
    </fieldset>
  );
}
