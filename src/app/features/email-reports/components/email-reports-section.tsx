import { useQuery } from '@tanstack/react-query';
import { digestCadences, type MailSubscription } from '../../../../contract/mail-reports.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { useConnection } from '../../../lib/connection-context.js';
import { propertiesQueryOptions } from '../../../lib/properties-query.js';
import { emailReportsQueryOptions, useUpdateEmailReports } from '../api/email-reports-queries.js';
import './email-reports.css';

const CADENCE_WORDS: Record<MailSubscription['digest'], string> = {
  off: 'No digest',
  weekly: 'Weekly (Mondays)',
  monthly: 'Monthly (on the 1st)',
};

function EmailReportsRow({ choice: saved, name }: { choice: MailSubscription; name: string }) {
  const update = useUpdateEmailReports(saved.property_id);
  // While a change is on its way, the control shows it rather than the value before.
  const choice = update.isPending ? { ...saved, ...update.variables } : saved;
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        <select
          aria-label={`Digest for ${name}`}
          value={choice.digest}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ digest: e.target.value as MailSubscription['digest'] })}
        >
          {digestCadences.map((c) => (
            <option key={c} value={c}>
              {CADENCE_WORDS[c]}
            </option>
          ))}
        </select>
      </td>
      <td>
        <label className="email-reports-check">
          <input
            type="checkbox"
            checked={choice.spike_alert}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ spike_alert: e.target.checked })}
          />{' '}
          Traffic spikes
        </label>
        {update.error && (
          <span className="field-error" role="alert">
            Not saved: {update.error.message}
          </span>
        )}
      </td>
    </tr>
  );
}

/**
 * "Email reports" (issue 43 §5): the signed-in person's own digest and spike alert per property it
 * sees, saved as soon as it is chosen. What they contain and when they go: docs/mail.md.
 */
export function EmailReportsSection() {
  const { connection } = useConnection();
  const reports = useQuery(emailReportsQueryOptions());
  const properties = useQuery({ ...propertiesQueryOptions(connection), enabled: connection.mode === 'session' });
  const names = new Map((properties.data ?? []).map((p) => [p.id, p.name]));
  return (
    <section className="card email-reports" aria-labelledby="email-reports-title" data-testid="email-reports">
      <h2 id="email-reports-title">Email reports</h2>
      <p className="muted small">
        Yours alone: a digest of visitors, page views, bounce rate, top sources and pages, goal conversions and running
        tests, each against the period before; and a message when an hour brings three times the usual visitors.
      </p>
      {reports.data && !reports.data.mail_configured && (
        <p className="email-reports-off" role="note">
          This server sends no email yet (no <code>SMTP_URL</code>): your choices are kept and used once it does.
        </p>
      )}
      {reports.error ? (
        <QueryError error={reports.error} />
      ) : !reports.data ? (
        <SkeletonRows rows={2} />
      ) : reports.data.data.length === 0 ? (
        <p className="muted">No properties yet.</p>
      ) : (
        <table className="email-reports-table">
          <thead>
            <tr>
              <th scope="col">Property</th>
              <th scope="col">Digest</th>
              <th scope="col">Alert</th>
            </tr>
          </thead>
          <tbody>
            {reports.data.data.map((choice) => (
              <EmailReportsRow
                key={choice.property_id}
                choice={choice}
                name={names.get(choice.property_id) ?? choice.property_id}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
