import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { signInBody } from '../../../../contract/accounts.js';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { formMessages } from '../../../lib/form-messages.js';
import { useSignIn } from '../api/account-session.js';
import { signInErrorWords } from '../utils/account-error-words.js';
import { SecondFactorForm } from './second-factor-form.js';
import { ForgotPassword } from './forgot-password.js';
import '../../../components/forms.css';
import './account.css';

type Input = z.input<typeof signInBody>;
type Output = z.output<typeof signInBody>;

/** Session mode without a valid cookie: sign in with an account, or say the other ways in. */
export function SignInPage() {
  const signIn = useSignIn();
  // The password was right and the account has two-factor on: the code step replaces the form.
  const [codeStep, setCodeStep] = useState(false);
  const { register, handleSubmit, formState, setError, setValue, setFocus } = useForm<Input, unknown, Output>({
    resolver: zodResolver(signInBody, { error: formMessages }),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (body: Output) => {
    try {
      // On success the session and the property list load again, and the dashboard replaces this page.
      const result = await signIn.mutateAsync(body);
      if (!result.signed_in) setCodeStep(true);
    } catch (error) {
      setValue('password', '');
      setFocus('password');
      setError('root.server', { type: 'server', message: signInErrorWords(error) });
    }
  };

  const err = formState.errors;
  return (
    <section className="card account-card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to Sightline</h1>
      {codeStep ? (
        <SecondFactorForm
          onRestart={(why) => {
            setCodeStep(false);
            setValue('password', '');
            setError('root.server', { type: 'server', message: why });
          }}
        />
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <FormField id="sign-in-email" label="Email" error={err.email?.message}>
            <input
              id="sign-in-email"
              type="email"
              autoComplete="username"
              spellCheck={false}
              aria-invalid={!!err.email}
              aria-describedby={describedBy('sign-in-email')}
              {...register('email')}
            />
          </FormField>
          <FormField id="sign-in-password" label="Password" error={err.password?.message}>
            <input
              id="sign-in-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={!!err.password}
              aria-describedby={describedBy('sign-in-password')}
              {...register('password')}
            />
          </FormField>
          <FormFooter
            error={err.root?.server?.message}
            errorTestId="sign-in-error"
            busy={formState.isSubmitting}
            label="Sign in"
            busyLabel="Signing in…"
          />
        </form>
      )}
      <div className="account-other-ways muted small">
        <ForgotPassword />
        <p>
          A new install has no accounts yet: open the one-time link the server printed when it started (“Sign in to the
          dashboard:”), then create the owner’s account with{' '}
          <code>npm run cli -- users create --email you@example.com --role owner</code>.
        </p>
        <p>
          Or <Link to="/connect">connect with an API key</Link> to see what that key may see.
        </p>
      </div>
    </section>
  );
}
