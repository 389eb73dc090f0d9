import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { AdminProperty } from '../../../../contract/admin.js';
import { shareReports, type ShareReport } from '../../../../contract/share-links.js';
import { CopyButton } from '../../../components/copy-button.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { useConnection } from '../../../lib/connection-context.js';
import { filtersFromSearch } from '../../../lib/filter-search.js';
import { filterWords } from '../../../lib/filter-words.js';
import { shareLinksQueryOptions, useCreateShareLink, useRevokeShareLink } from '../api/share-link-admin.js';
import './share.css';

const LABELS: Record<ShareReport, string> = { traffic: 'Traffic', pages: 'Pages', clicks: 'Clicks', forms: 'Forms' };
const EXPIRIES = [
  { days: 0, label: 'Never' },
  { days: 1, label: 'In a day' },
  { days: 7, label: 'In a week' },
  { days: 30, label: 'In 30 days' },
  { days: 90, label: 'In 90 days' },
];

/** A property's share links (admins): make one (shown once, to copy), see each one's state, revoke. */
export function ShareLinksSection({ property, onClose }: { property: AdminProperty; onClose: () => void }) {
  const { connection } = useConnection();
  const list = useQuery(shareLinksQueryOptions(connection, property.id));
  const revoke = useRevokeShareLink(property.id);
  return (
    <section className="card share-links" aria-labelledby="share-links-title">
      <h2 id="share-links-title">Share links of {property.name}</h2>
      <p className="muted small">
        Anyone with a link sees the reports it names, of this property only, read-only and in its time zone (
        {property.timezone}); no other page, property or setting.
      </p>
      <CreateShareLink property={property} />
      {list.error ? (
        <QueryError error={list.error} />
      ) : !list.data ? (
        <SkeletonRows rows={2} />
      ) : list.data.length === 0 ? (
        <p className="muted">No share links yet.</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>Label</th>
              <th>Reports</th>
              <th>State</th>
              <th>Expires</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((l) => (
              <tr key={l.id}>
                <td>
                  {l.label}
                  {l.password && <span className="muted"> · password</span>}
                  {l.embed && <span className="muted"> · embed</span>}
                </td>
                <td>{l.reports.map((r) => LABELS[r]).join(', ')}</td>
                <td>{l.state}</td>
                <td>{l.expires_at ? l.expires_at.slice(0, 16).replace('T', ' ') + ' UTC' : 'never'}</td>
                <td>
                  {l.state !== 'revoked' && (
                    <button
                      type="button"
                      className="button small"
                      aria-label={`Revoke the share link ${l.label}`}
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(l.id)}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="button small" onClick={onClose}>
        Close
      </button>
    </section>
  );
}

function CreateShareLink({ property }: { property: AdminProperty }) {
  const create = useCreateShareLink(property.id);
  const currentFilters = filtersFromSearch(useSearch({ from: '__root__' }).filters);
  const [label, setLabel] = useState('');
  const [reports, setReports] = useState<ShareReport[]>(['traffic']);
  const [password, setPassword] = useState('');
  const [days, setDays] = useState(0);
  const [embed, setEmbed] = useState(false);
  const [origins, setOrigins] = useState('');
  const [withFilters, setWithFilters] = useState(false);
  const made = create.data;

  if (made)
    return (
      <div className="share-made" role="status">
        <p>
          <strong>Copy the link now:</strong> it is not shown again.
        </p>
        <code className="share-link-url">{made.link}</code> <CopyButton text={made.link} label="Copy the share link" />
        {made.record.embed && (
          <>
            <p>To embed it, paste this into a page of {made.record.frame_ancestors.join(' or ')}:</p>
            <code className="share-link-url">{iframeSnippet(made.link)}</code>{' '}
            <CopyButton text={iframeSnippet(made.link)} label="Copy the iframe snippet" />
          </>
        )}
        <p>
          <button type="button" className="button small" onClick={() => create.reset()}>
            Done
          </button>
        </p>
      </div>
    );
  return (
    <form
      className="share-form"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({
          label,
          reports,
          ...(password ? { password } : {}),
          ...(days > 0 ? { expires_at: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
          embed,
          frame_ancestors: embed ? origins.split(/\s+/).filter(Boolean) : [],
          ...(withFilters ? { filters: currentFilters.map((f) => [f.op, f.dimension, f.values]) } : {}),
        } as Parameters<typeof create.mutate>[0]);
      }}
    >
      <label htmlFor="share-label">Label</label>
      <input id="share-label" value={label} onChange={(e) => setLabel(e.target.value)} required maxLength={100} />
      <fieldset>
        <legend>Reports</legend>
        {shareReports.map((r) => (
          <label key={r} className="inline">
            <input
              type="checkbox"
              checked={reports.includes(r)}
              onChange={(e) =>
                setReports((now) =>
                  e.target.checked
                    ? shareReports.filter((x) => x === r || now.includes(x))
                    : now.filter((x) => x !== r),
                )
              }
            />{' '}
            {LABELS[r]}
          </label>
        ))}
      </fieldset>
      <label htmlFor="share-password-new">Password (optional)</label>
      <input
        id="share-password-new"
        type="password"
        autoComplete="new-password"
        minLength={8}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <label htmlFor="share-expiry">Expires</label>
      <select id="share-expiry" value={days} onChange={(e) => setDays(Number(e.target.value))}>
        {EXPIRIES.map((x) => (
          <option key={x.days} value={x.days}>
            {x.label}
          </option>
        ))}
      </select>
      {currentFilters.length > 0 && (
        <label className="inline">
          <input type="checkbox" checked={withFilters} onChange={(e) => setWithFilters(e.target.checked)} /> Only the
          current segment: {currentFilters.map(filterWords).join(' and ')}
        </label>
      )}
      <label className="inline">
        <input type="checkbox" checked={embed} onChange={(e) => setEmbed(e.target.checked)} /> Let sites embed it in a
        frame
      </label>
      {embed && (
        <>
          <label htmlFor="share-origins">Sites that may frame it (https origins, one per line)</label>
          <textarea
            id="share-origins"
            rows={2}
            value={origins}
            onChange={(e) => setOrigins(e.target.value)}
            placeholder="https://www.example.com"
          />
        </>
      )}
      {create.error && (
        <p className="field-error" role="alert">
          {create.error.message}
        </p>
      )}
      <button type="submit" className="button primary" disabled={create.isPending || reports.length === 0}>
        Create share link
      </button>
    </form>
  );
}

const iframeSnippet = (link: string) =>
  `<iframe src="${link}?embed=1" width="100%" height="900" style="border:0" title="Analytics"></iframe>`;
