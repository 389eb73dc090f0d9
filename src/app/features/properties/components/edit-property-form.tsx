import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updatePropertyBody, type AdminProperty } from '../../../../contract/admin.js';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { showServerError } from '../../../lib/form-server-error.js';
import { formMessages } from '../../../lib/form-messages.js';
import { useUpdateProperty } from '../api/property-admin.js';
import { DomainZoneFields } from './domain-zone-fields.js';
import { ZONES } from './zone-options.js';

type Input = z.input<typeof updatePropertyBody>;
type Output = z.output<typeof updatePropertyBody>;
const FIELDS = ['name', 'domain', 'timezone'] as const;

/** Name, domain and zone of a property, checked by the contract as you type; the id is shown, never edited. */
export function EditPropertyForm({
  property,
  onDone,
}: {
  property: AdminProperty;
  onDone: (saved: AdminProperty | null) => void;
}) {
  const update = useUpdateProperty(property.id);
  const { register, handleSubmit, formState, setError, setFocus } = useForm<Input, unknown, Output>({
    resolver: zodResolver(updatePropertyBody, { error: formMessages }),
    mode: 'onChange',
    defaultValues: { name: property.name, domain: property.domain ?? '', timezone: property.timezone },
  });
  // On a phone the form opens above the list the Edit button was in: taking focus brings it into view.
  useEffect(() => setFocus('name'), [setFocus]);
  const zones = ZONES.includes(property.timezone) ? ZONES : [property.timezone, ...ZONES];

  const onSubmit = async (values: Output) => {
    try {
      onDone(await update.mutateAsync({ ...values, domain: values.domain ?? null }));
    } catch (error) {
      showServerError(error, setError, FIELDS, 'The property could not be saved.');
    }
  };

  const err = formState.errors;
  return (
    <form
      className="card edit-property"
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-labelledby="edit-property-title"
      data-testid="edit-property"
    >
      <div className="card-head">
        <h2 id="edit-property-title">
          Edit {property.name} <span className="muted">({property.id})</span>
        </h2>
      </div>
      <p className="muted small">The id stays {property.id}: the snippet on your pages and API paths use it.</p>
      <FormField id="edit-property-name" label="Name" error={err.name?.message}>
        <input
          id="edit-property-name"
          type="text"
          autoComplete="off"
          aria-invalid={!!err.name}
          aria-describedby={describedBy('edit-property-name')}
          {...register('name')}
        />
      </FormField>
      <DomainZoneFields
        idPrefix="edit-property"
        domain={register('domain')}
        timezone={register('timezone')}
        errors={{ domain: err.domain?.message, timezone: err.timezone?.message }}
        zones={zones}
        zoneHelp="Reports start and end their days in this zone; stored events keep their times."
      />
      <FormFooter
        error={err.root?.server?.message}
        busy={formState.isSubmitting}
        label="Save changes"
        busyLabel="Saving…"
      >
        <button type="button" className="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </FormFooter>
    </form>
  );
}
