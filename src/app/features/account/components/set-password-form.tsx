import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH } from '../../../../contract/accounts.js';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { formMessages } from '../../../lib/form-messages.js';
import { useSetPassword } from '../api/account-session.js';
import { linkIsGone, setPasswordErrorWords } from '../utils/account-error-words.js';
import { setPasswordFields, type SetPasswordFields } from '../utils/set-password-form.js';

/** The new password, typed twice; `onDone` once it is set and this browser is signed in as the account. */
export function SetPasswordForm({
  token,
  email,
  onDone,
  onLinkGone,
}: {
  token: string;
  email: string;
  onDone(): void;
  /** The link was used (another tab) or expired between reading it and sending the form. */
  onLinkGone(): void;
}) {
  const setPassword = useSetPassword();
  const { register, handleSubmit, formState, setError } = useForm<SetPasswordFields>({
    resolver: zodResolver(setPasswordFields, { error: formMessages }),
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = async ({ password }: SetPasswordFields) => {
    try {
      await setPassword.mutateAsync({ token, password });
      onDone();
    } catch (error) {
      if (linkIsGone(error)) onLinkGone();
      else setError('root.server', { type: 'server', message: setPasswordErrorWords(error) });
    }
  };

  const err = formState.errors;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      {/* For password managers: they save the new password under this account's email. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <FormField
        id="new-password"
        label="New password"
        help={`At least ${MIN_PASSWORD_LENGTH} characters. A few words you will remember is a good one.`}
        error={err.password?.message}
      >
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!err.password}
          aria-describedby={describedBy('new-password', true)}
          {...register('password')}
        />
      </FormField>
      <FormField id="confirm-password" label="The same password again" error={err.confirm?.message}>
        <input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!err.confirm}
          aria-describedby={describedBy('confirm-password')}
          {...register('confirm')}
        />
      </FormField>
      <FormFooter
        error={err.root?.server?.message}
        busy={formState.isSubmitting}
        label="Set password and sign in"
        busyLabel="Setting the password…"
      />
    </form>
  );
}
