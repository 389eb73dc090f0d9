import { useEffect, useRef } from 'react';
import { CopyButton } from '../../../components/copy-button.js';
import { linkExpiry, type IssuedLink } from '../utils/team-words.js';

/**
 * A set-password link just made. With mail on (SMTP_URL) the server mailed it and the page says so;
 * without, the person who made it is the messenger and copies it. The heading takes focus so a screen
 * reader hears it arrive.
 */
export function OneTimeLink({ issued, onDone }: { issued: IssuedLink; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [issued.link]);
  return (
    <section className="card team-link" aria-labelledby="team-link-title" data-testid="one-time-link">
      <h2 id="team-link-title" ref={heading} tabIndex={-1}>
        {issued.mailed ? `Emailed to ${issued.email}` : `Link for ${issued.email}`}
      </h2>
      {issued.mailed ? (
        <p className="muted small" data-testid="link-validity">
          A set-password link is on its way to {issued.email}, valid until {linkExpiry(issued.expiresAt)}, and works
          once. Opening it, they choose a password and are signed in.
        </p>
      ) : (
        <>
          <div className="team-secret-row">
            <code className="team-secret">{issued.link}</code>
            <CopyButton text={issued.link} label={`Copy the link for ${issued.email}`} />
          </div>
          <p className="muted small" data-testid="link-validity">
            Valid until {linkExpiry(issued.expiresAt)}, works once; send it to them yourself (this server sends no
            email: docs/mail.md). Opening it, they choose a password and are signed in.
          </p>
        </>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
