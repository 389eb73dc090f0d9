import { useFieldArray, useFormContext } from 'react-hook-form';
import { MAX_CHANGES } from '../../../../contract/experiments.js';
import { blankChange, type WizardValues } from './wizard-form.js';
import { WizardChangeFields } from './wizard-change-fields.js';
import { FieldMessage, useFieldError, WizardField } from './wizard-field.js';

interface Props {
  index: number;
  type: WizardValues['type'];
  onRemove?: () => void;
}

/** One variant: its name, then its changes (nocode) or its URL (redirect). */
export function WizardVariantCard({ index, type, onRemove }: Props) {
  const { control, register } = useFormContext<WizardValues>();
  const changes = useFieldArray({ control, name: `variants.${index}.changes` });
  const changesPath = `variants.${index}.changes`;
  const changesError = useFieldError(changesPath);
  const title = `Variant ${index + 1}`;

  return (
    <fieldset className="card wizard-variant" data-variant={index}>
      <legend>{title}</legend>
      <div className="wizard-row">
        <WizardField label="Variant name" path={`variants.${index}.label`}>
          {(aria) => <input type="text" {...aria} {...register(`variants.${index}.label`)} />}
        </WizardField>
        {onRemove && (
          <button
            type="button"
            className="button small wizard-remove"
            onClick={onRemove}
            aria-label={`Remove ${title}`}
          >
            Remove variant
          </button>
        )}
      </div>
      {type === 'redirect' ? (
        <WizardField
          label="Redirect to (path)"
          path={`variants.${index}.url`}
          hint="A path on this site, e.g. /pricing-new; it must differ from the test page and from the other variants."
        >
          {(aria) => (
            <input
              type="text"
              placeholder="/pricing-new"
              spellCheck={false}
              {...aria}
              {...register(`variants.${index}.url`)}
            />
          )}
        </WizardField>
      ) : (
        <>
          {changes.fields.map((field, j) => (
            <WizardChangeFields key={field.id} variant={index} index={j} onRemove={() => changes.remove(j)} />
          ))}
          <FieldMessage path={changesPath} error={changesError} />
          <button
            type="button"
            className="button"
            disabled={changes.fields.length >= MAX_CHANGES}
            onClick={() => changes.append(blankChange())}
          >
            Add a change to {title}
          </button>
        </>
      )}
    </fieldset>
  );
}
