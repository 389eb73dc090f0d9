import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createKeyFields, keyPermissions } from '../../../../contract/admin.js';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { showServerError } from '../../../lib/form-server-error.js';
import { formMessages } from '../../../lib/form-messages.js';
import type { PropertyChoice } from '../../../lib/properties-query.js';
import { useCreateKey } from '../api/key-admin.js';
import { PERMISSIONS } from './permission-words.js';

/** A checkbox list's value with `item` in or out, as the box was just set. */
const toggled = <T,>(list: T[], item: T, on: boolean): T[] => (on ? [...list, item] : list.filter((x) => x !== item));

type Input = z.input<typeof createKeyFields>;
type Output = z.output<typeof createKeyFields>;
export type CreatedKey = { key: string; name: string; propertyIds: string[] };

export function CreateKeyForm({
  properties,
  onCreated,
}: {
  properties: PropertyChoice[];
  onCreated: (created: CreatedKey) => void;
}) {
  const create = useCreateKey();
  const { register, control, handleSubmit, formState, setError, reset } = useForm<Input, unknown, Output>({
    resolver: zodResolver(createKeyFields, { error: formMessages }),
    mode: 'onChange',
    defaultValues: { name: '', property_ids: [], permissions: ['metrics'] },
  });

  const onSubmit = async (values: Output) => {
    try {
      const { key, record } = await create.mutateAsync(values);
      reset();
      onCreated({ key, name: record.name, propertyIds: record.property_ids });
      // The panel holds the key now; the mutation's copy goes, so it is shown once and kept nowhere else.
      create.reset();
    } catch (error) {
      showServerError(error, setError, ['name', 'property_ids', 'permissions'], 'The key could not be created.');
    }
  };

  const err = formState.errors;
  return (
    <form className="card create-key" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="create-key-title">
      <h2 id="create-key-title">Create a key</h2>
      <FormField
        id="key-name"
        label="Name"
        help="Say who or what uses it, so you know what stops when you revoke it."
        error={err.name?.message}
      >
        <input
          id="key-name"
          type="text"
          autoComplete="off"
          placeholder="Weekly report script"
          aria-invalid={!!err.name}
          aria-describedby={describedBy('key-name', true)}
          {...register('name')}
        />
      </FormField>
      <Controller
        control={control}
        name="property_ids"
        render={({ field }) => (
          <fieldset
            className="form-field choices"
            aria-invalid={!!err.property_ids}
            aria-describedby="key-properties-error"
          >
            <legend>Properties it may use</legend>
            {properties.map((p) => (
              <label key={p.id} className="choice">
                <input
                  type="checkbox"
                  checked={field.value.includes(p.id)}
                  onChange={(e) => field.onChange(toggled(field.value, p.id, e.target.checked))}
                  onBlur={field.onBlur}
                />
                {p.name === p.id ? p.id : `${p.name} (${p.id})`}
              </label>
            ))}
            <span id="key-properties-error" className="field-error">
              {err.property_ids?.message}
            </span>
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => (
          <fieldset
            className="form-field choices"
            aria-invalid={!!err.permissions}
            aria-describedby="key-permissions-error"
          >
            <legend>What it may do</legend>
            {keyPermissions.map((p) => (
              <div key={p} className="permission-choice">
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={field.value.includes(p)}
                    onChange={(e) => field.onChange(toggled(field.value, p, e.target.checked))}
                    onBlur={field.onBlur}
                    aria-describedby={`key-permission-${p}-help`}
                  />
                  {PERMISSIONS[p].label}
                </label>
                <span id={`key-permission-${p}-help`} className="muted small permission-help">
                  {PERMISSIONS[p].help}
                </span>
              </div>
            ))}
            <span id="key-permissions-error" className="field-error">
              {err.permissions?.message}
            </span>
          </fieldset>
        )}
      />
      <FormFooter
        error={err.root?.server?.message}
        busy={formState.isSubmitting}
        label="Create key"
        busyLabel="Creating…"
      />
    </form>
  );
}
