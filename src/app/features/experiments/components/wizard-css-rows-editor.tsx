import { useFieldArray, useFormContext } from 'react-hook-form';
import { blankCssRow } from './wizard-css-rows.js';
import type { WizardValues } from './wizard-form.js';
import { FieldMessage, invalidProps, useFieldError } from './wizard-field.js';

type ChangePath = `variants.${number}.changes.${number}`;

function CssRowFields({ path, index, onRemove }: { path: ChangePath; index: number; onRemove(): void }) {
  const { register } = useFormContext<WizardValues>();
  const row = `${path}.css.${index}` as const;
  const propertyError = useFieldError(`${row}.property`);
  const valueError = useFieldError(`${row}.value`);
  const n = index + 1;
  return (
    <li className="wizard-css-row" data-css-row={index}>
      <input type="text" aria-label={`CSS property ${n}`} placeholder="backgroundColor" spellCheck={false} {...invalidProps(`${row}.property`, propertyError)} {...register(`${row}.property`)} />
      <input type="text" aria-label={`CSS value ${n}`} placeholder="#047857" spellCheck={false} {...invalidProps(`${row}.value`, valueError)} {...register(`${row}.value`)} />
      <button type="button" className="button small" onClick={onRemove} aria-label={`Remove CSS property ${n}`}>
        Remove
      </button>
      <FieldMessage path={`${row}.property`} error={propertyError} />
      <FieldMessage path={`${row}.value`} error={valueError} />
    </li>
  );
}

/** The css value as property/value rows (camel case, as the tracker sets them on element.style). */
export function WizardCssRows({ path }: { path: ChangePath }) {
  const { control } = useFormContext<WizardValues>();
  const rows = useFieldArray({ control, name: `${path}.css` });
  const error = useFieldError(`${path}.css`);
  return (
    <div className="wizard-css">
      <p className="wizard-css-head" aria-hidden="true"><span>Property (camel case)</span><span>Value</span></p>
      <ul className="wizard-css-rows" aria-label="CSS properties">
        {rows.fields.map((field, i) => (
          <CssRowFields key={field.id} path={path} index={i} onRemove={() => rows.remove(i)} />
        ))}
      </ul>
      <FieldMessage path={`${path}.css`} error={error} />
      <button type="button" className="button small" onClick={() => rows.append(blankCssRow())}>
        Add a CSS property
      </button>
    </div>
  );
}
