import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createPropertyBody, type AdminProperty } from '../../../../contract/admin.js';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { showServerError } from '../../../lib/form-server-error.js';
import { formMessages } from '../../../lib/form-messages.js';
import { useCreateProperty } from '../api/property-admin.js';
import { DomainZoneFields } from './domain-zone-fields.js';
import { browserZone, ZONES } from './zone-options.js';

type Input = z.input<typeof createPropertyBody>;
type Output = z.output<typeof createPropertyBody>;
const FIELDS = ['id', 'name', 'domain', 'timezone'] as const;

/** The admin contract's own schema validates as you type; the server's verdict (409 on id…) lands on the field it names. */
export function CreatePropertyForm({ onCreated }: { onCreated: (property: AdminProperty) => void }) {
  const create = useCreateProperty();
  const { register, handleSubmit, formState, setError, reset } = useForm<Input, unknown, Output>({
    resolver: zodResolver(createPropertyBody, { error: formMessages }),
    mode: 'onChange',
    defaultValues: { id: '', name: '', domain: '', timezone: browserZone },
  });

  const onSubmit = async (values: Output) => {
    try {
      const created = await create.mutateAsync(values);
      reset({ id: '', name: '', domain: '', timezone: values.timezone });
      onCreated(created);
    } catch (error) {
      showServerError(error, setError, FIELDS, 'The property could not be created.');
    }
  };

  const err = formState.errors;
  return (
    <form
      className="card create-property"
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-labelledby="create-property-title"
    >
      <h2 id="create-property-title">Add a property</h2>
      <FormField id="property-name" label="Name" error={err.name?.message}>
        <input
          id="property-name"
          type="text"
          autoComplete="off"
          aria-invalid={!!err.name}
          aria-describedby={describedBy('property-name')}
          {...register('name')}
        />
      </FormField>
      <FormField
        id="property-id"
        label="Id"
        help="Used in the snippet and in API paths; it cannot change later."
        error={err.id?.message}
      >
        <input
          id="property-id"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="my-site"
          aria-invalid={!!err.id}
          aria-describedby={describedBy('property-id', true)}
          {...register('id')}
        />
      </FormField>
      <DomainZoneFields
        idPrefix="property"
        domain={register('domain')}
        timezone={register('timezone')}
        errors={{ domain: err.domain?.message, timezone: err.timezone?.message }}
        zones={ZONES}
        zoneHelp="Reports start and end their days in this zone."
      />
      <FormFooter
        error={err.root?.server?.message}
        busy={formState.isSubmitting}
        label="Create property"
        busyLabel="Creating…"
      />
    </form>
  );
}
