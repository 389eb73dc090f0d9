import { Link } from '@tanstack/react-router';
import type { AdminProperty } from '../../../../contract/admin.js';
import { CopyButton } from '../../../components/copy-button.js';
import { SnippetStatus } from './snippet-status.js';

function Snippet({ id, label, code, help }: { id: string; label: string; code: string; help: string }) {
  return (
    <div className="snippet">
      <div className="snippet-head">
        <h3 id={id}>{label}</h3>
        <CopyButton text={code} label={`Copy ${label.toLowerCase()}`} />
      </div>
      <pre aria-labelledby={id}>
        <code>{code}</code>
      </pre>
      <p className="muted small">{help}</p>
    </div>
  );
}

/** The tags to paste into a site, as the server wrote them for this property (docs/tracking.md). */
export function TrackerSnippet({
  property,
  fresh,
  onClose,
}: {
  property: AdminProperty;
  fresh: boolean;
  onClose: () => void;
}) {
  return (
    <section className="card tracker-snippet" aria-labelledby="snippet-title" data-testid="tracker-snippet">
      <div className="card-head">
        <h2 id="snippet-title">
          {fresh ? 'Created ' : 'Snippet for '}
          {property.name} <span className="muted">({property.id})</span>
        </h2>
        <button type="button" className="button small" onClick={onClose}>
          Close
        </button>
      </div>
      <SnippetStatus propertyId={property.id} />
      <Snippet
        id="snippet-standard"
        label="Tracker snippet"
        code={property.snippet}
        help="Put it on every page (anywhere; it never holds up the page). It counts page views, clicks, form submissions and scroll depth."
      />
      <Snippet
        id="snippet-experiments"
        label="Snippet for split tests"
        code={property.experiments_snippet}
        help="On sites that run split tests, use this one instead, as early in <head> as possible: it loads before the page paints, so visitors never see the original flash."
      />
      <p>
        Once the snippet is on a page, visits show up within seconds:{' '}
        <Link to="/traffic" search={(s) => ({ ...s, property: property.id, tz: undefined })}>
          view {property.name}'s Traffic
        </Link>
        .
      </p>
    </section>
  );
}
