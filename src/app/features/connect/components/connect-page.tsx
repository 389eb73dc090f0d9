import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { propertyId } from '../../../../contract/common.js';
import { QueryError } from '../../../components/query-error.js';
import { apiClient } from '../../../lib/api-client.js';
import { useConnection } from '../../../lib/connection-context.js';
import type { Connection } from '../../../lib/connection.js';
import '../../../components/forms.css';

// The external API has no "list my properties" endpoint, so the person names them.
const formSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/, error: 'Enter the server address, e.g. https://analytics.example.com' }),
  key: z.string().trim().min(1, 'Paste the API key'),
  propertyIds: z
    .string()
    .transform((s) => s.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(propertyId).min(1, 'Enter at least one property id')),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export function ConnectPage() {
  const { connection, setConnection } = useConnection();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<{ error: unknown; propertyId: string; next: Connection } | null>(null);
  const current = connection.mode === 'key' ? connection : null;
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      baseUrl: current?.baseUrl ?? location.origin,
      key: current?.key ?? '',
      propertyIds: current?.propertyIds.join(', ') ?? '',
    },
  });

  const onSubmit = async (values: FormOutput) => {
    const next: Connection = { mode: 'key', ...values };
    setFailure(null);
    // Ask once per property before switching, so a wrong key or id is reported here, in words.
    for (const id of values.propertyIds) {
      try {
        await apiClient(next).call('trafficRealtime', { propertyId: id });
      } catch (error) {
        setFailure({ error, propertyId: id, next });
        return;
      }
    }
    queryClient.clear();
    setConnection(next);
    await navigate({ to: '/traffic', search: { property: values.propertyIds[0] } });
  };

  const useSession = async () => {
    queryClient.clear();
    setConnection({ mode: 'session' });
    await navigate({ to: '/traffic', search: {} });
  };

  const err = formState.errors;
  return (
    <section className="card connect" aria-labelledby="connect-title">
      <h1 id="connect-title">Connect with an API key</h1>
      <p>
        Point the dashboard at any service that speaks <code>/api/external/v1</code> and see what the key may see. The
        key stays in this tab only (session storage) and is sent as a bearer token.
      </p>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <label className="form-field">
          <span>Server address</span>
          <input
            type="url"
            autoComplete="url"
            aria-invalid={!!err.baseUrl}
            aria-describedby="baseUrl-error"
            {...register('baseUrl')}
          />
          <span id="baseUrl-error" className="field-error">
            {err.baseUrl?.message}
          </span>
        </label>
        <label className="form-field">
          <span>API key</span>
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!!err.key}
            aria-describedby="key-error"
            {...register('key')}
          />
          <span id="key-error" className="field-error">
            {err.key?.message}
          </span>
        </label>
        <label className="form-field">
          <span>Property ids</span>
          <input
            type="text"
            placeholder="acme-shop, acme-docs"
            spellCheck={false}
            aria-invalid={!!err.propertyIds}
            aria-describedby="ids-help ids-error"
            {...register('propertyIds')}
          />
          <span id="ids-help" className="muted small">
            The ids the key was made for, separated by commas.
          </span>
          <span id="ids-error" className="field-error">
            {err.propertyIds?.message}
          </span>
        </label>
        {failure && <QueryError error={failure.error} propertyId={failure.propertyId} connection={failure.next} />}
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Checking…' : 'Connect'}
          </button>
          {connection.mode === 'key' && (
            <button type="button" className="button" onClick={useSession}>
              Disconnect and use this server's sign-in
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
