import { useEffect, useRef } from 'react';
import { CopyButton } from '../../../components/copy-button.js';
import { todayIn } from '../../../lib/date-range.js';
import type { CreatedKey } from './create-key-form.js';
import { curlQuickStart } from './curl-quick-start.js';

/** The one time the full key is on screen: it lives in this component's props only, never in a cache or storage. */
export function NewKeyPanel({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The key appears away from the button that made it; take keyboard and screen-reader focus to it.
  useEffect(() => heading.current?.focus(), []);
  const curl = curlQuickStart({
    origin: location.origin,
    key: created.key,
    propertyId: created.propertyIds[0],
    today: todayIn('UTC'),
  });
  return (
    <section className="card new-key" aria-labelledby="new-key-title" data-testid="new-key">
      <h2 id="new-key-title" ref={heading} tabIndex={-1}>
        Key “{created.name}” created
      </h2>
      <p className="new-key-warning">
        <strong>Copy it now: you will not see it again.</strong> Sightline keeps only a hash of it. If it is lost,
        revoke it and create another.
      </p>
      <div className="secret-row">
        <code className="secret" data-testid="new-key-value">
          {created.key}
        </code>
        <CopyButton text={created.key} label="Copy the API key" />
      </div>
      <h3>Quick start</h3>
      <p className="muted small">The last 7 days' traffic of {created.propertyIds[0]}, from a terminal:</p>
      <div className="secret-row">
        <pre data-testid="curl-quick-start">
          <code>{curl}</code>
        </pre>
        <CopyButton text={curl} label="Copy the curl command" />
      </div>
      <p className="muted small">
        Every endpoint is described in the <a href="/api/external/v1/reference">API reference</a>. Send the key as{' '}
        <code>Authorization: Bearer …</code>; a dashboard elsewhere can use it too (Connect with a key).
      </p>
      <div className="form-actions">
        <button type="button" className="button primary" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </section>
  );
}
