import { useEffect, useRef } from 'react';
import { CopyButton } from '../../../components/copy-button.js';
import { linkExpiry, type IssuedLink } from '../utils/team-words.js';

/**
 * A set-password link just made, to copy and hand over. Sightline sends no email yet, so the person
 * who made it is the messenger; the heading takes focus so a screen reader hears the link arrive.
 */
export function OneTimeLink({ issued, onDone }: { issued: IssuedLink; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [issued.link]);
  return (
    <section className="card team-link" aria-labelledby="team-link-title" data-testid="one-time-link">
      <h2 id="team-link-title" ref={heading} tabIndex={-1}>
        Link for {issued.email}
      </h2>
      <div className="team-secret-row">
        <code className="team-secret">{issued.link}</code>
        <CopyButton text={issued.link} label={`Copy the link for ${issued.email}`} />
      </div>
      <p className="muted small" data-testid="link-validity">
        Valid until {linkExpiry(issued.expiresAt)}, works once; send it to them yourself (email sending comes later).
        Opening it, they choose a password and are signed in.
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
