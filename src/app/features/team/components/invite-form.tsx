import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { AccountRole } from '../../../../contract/accounts.js';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { formMessages } from '../../../lib/form-messages.js';
import { showServerError } from '../../../lib/form-server-error.js';
import type { PropertyChoice } from '../../../lib/properties-query.js';
import { useInviteAccount } from '../api/team-queries.js';
import { inviteBodyOf, inviteFields, type InviteFields, type InviteFieldsInput } from '../utils/invite-fields.js';
import { invitableRoles, ROLE_WORDS, type IssuedLink } from '../utils/team-words.js';
import { PropertyScopeFields } from './property-scope-fields.js';

/** "Invite someone": a new account without a password, and its one-time link for the inviter to hand over. */
export function InviteForm({
  inviterRole,
  properties,
  onInvited,
}: {
  inviterRole: AccountRole;
  properties: readonly PropertyChoice[];
  onInvited: (issued: IssuedLink) => void;
}) {
  const invite = useInviteAccount();
  const { register, control, handleSubmit, formState, setError, reset } = useForm<
    InviteFieldsInput,
    unknown,
    InviteFields
  >({
    resolver: zodResolver(inviteFields, { error: formMessages }),
    defaultValues: { email: '', role: 'viewer', scope: 'all', property_ids: [] },
  });

  const onSubmit = async (values: InviteFields) => {
    try {
      const made = await invite.mutateAsync(inviteBodyOf(values));
      reset();
      onInvited({ email: made.account.email, link: made.link, expiresAt: made.expires_at, mailed: made.mailed });
      // The panel holds the link now; the mutation's copy goes, so it is kept nowhere else.
      invite.reset();
    } catch (error) {
      showServerError(error, setError, ['email', 'role', 'property_ids'], 'The invitation could not be made.');
    }
  };

  const err = formState.errors;
  const roles = invitableRoles(inviterRole);
  return (
    <form className="card team-invite" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <FormField id="invite-email" label="Email" error={err.email?.message}>
        <input
          id="invite-email"
          type="email"
          autoComplete="off"
          placeholder="ana@example.com"
          aria-invalid={!!err.email}
          aria-describedby={describedBy('invite-email')}
          {...register('email')}
        />
      </FormField>
      <FormField
        id="invite-role"
        label="Role"
        // Said, not only hidden: an admin looking for "owner" learns why it is not there.
        help={inviterRole === 'owner' ? undefined : 'Only an owner can invite an owner.'}
        error={err.role?.message}
      >
        <select
          id="invite-role"
          aria-invalid={!!err.role}
          aria-describedby={describedBy('invite-role', inviterRole !== 'owner')}
          {...register('role')}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_WORDS[r]}
            </option>
          ))}
        </select>
      </FormField>
      <Controller
        control={control}
        name="scope"
        render={({ field: scope }) => (
          <Controller
            control={control}
            name="property_ids"
            render={({ field: ids }) => (
              <PropertyScopeFields
                idPrefix="invite"
                scope={scope.value}
                ids={ids.value}
                properties={properties}
                error={err.property_ids?.message}
                onScope={scope.onChange}
                onIds={ids.onChange}
              />
            )}
          />
        )}
      />
      <FormFooter
        error={err.root?.server?.message}
        busy={formState.isSubmitting}
        label="Invite and make a link"
        busyLabel="Inviting…"
      />
    </form>
  );
}
