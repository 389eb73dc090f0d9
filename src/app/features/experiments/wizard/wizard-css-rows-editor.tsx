import { formatHex } from 'culori';
import { useMemo } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { cssPropertyNames, isColorProperty } from './css-property-names.js';
import { blankCssRow } from './wizard-css-rows.js';
import type { WizardValues } from './wizard-form.js';
import { FieldMessage, inputId, invalidProps, useFieldError } from './wizard-field.js';

type ChangePath = `variants.${number}.changes.${number}`;

/** A colour picker for a colour property, showing the typed colour (any CSS syntax) and typing the picked one. */
function ColorPicker({ row, n }: { row: `${ChangePath}.css.${number}`; n: number }) {
  const { control, setValue } = useFormContext<WizardValues>();
  const [property, value] = useWatch({ control, name: [`${row}.property`, `${row}.value`] });
  if (!isColorProperty(property)) return null;
  return (
    <input
      type="color"
      className="wizard-css-color"
      aria-label={`Pick a colour for CSS property ${n}`}
      value={formatHex(value.trim() || undefined) ?? '#000000'}
      onChange={(e) => setValue(`${row}.value`, e.target.value, { shouldValidate: true, shouldDirty: true })}
    />
  );
}

function CssRowFields({
  path,
  index,
  listId,
  onRemove,
}: {
  path: ChangePath;
  index: number;
  listId: string;
  onRemove(): void;
}) {
  const { register } = useFormContext<WizardValues>();
  const row = `${path}.css.${index}` as const;
  const propertyError = useFieldError(`${row}.property`);
  const valueError = useFieldError(`${row}.value`);
  const n = index + 1;
  return (
    <li className="wizard-css-row" data-css-row={index}>
      <input
        type="text"
        list={listId}
        aria-label={`CSS property ${n}`}
        placeholder="backgroundColor"
        spellCheck={false}
        autoComplete="off"
        {...invalidProps(`${row}.property`, propertyError)}
        {...register(`${row}.property`)}
      />
      <span className="wizard-css-value">
        <input
          type="text"
          aria-label={`CSS value ${n}`}
          placeholder="#047857"
          spellCheck={false}
          {...invalidProps(`${row}.value`, valueError)}
          {...register(`${row}.value`)}
        />
        <ColorPicker row={row} n={n} />
      </span>
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
  const listId = `${inputId(path)}-css-properties`;
  const names = useMemo(
    () => cssPropertyNames(typeof document === 'undefined' ? null : document.documentElement.style),
    [],
  );
  return (
    <div className="wizard-css">
      <p className="wizard-css-head" aria-hidden="true">
        <span>Property</span>
        <span>Value</span>
      </p>
      <ul className="wizard-css-rows" aria-label="CSS properties">
        {rows.fields.map((field, i) => (
          <CssRowFields key={field.id} path={path} index={i} listId={listId} onRemove={() => rows.remove(i)} />
        ))}
      </ul>
      <datalist id={listId}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <FieldMessage path={`${path}.css`} error={error} />
      <button type="button" className="button small" onClick={() => rows.append(blankCssRow())}>
        Add a CSS property
      </button>
    </div>
  );
}
