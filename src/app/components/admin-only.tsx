import { Link } from '@tanstack/react-router';

/** Key mode on an admin page: a key can only read reports, so say how to manage instead. */
export function AdminOnly({ title, what }: { title: string; what: string }) {
  return (
    <section className="card empty" aria-labelledby="admin-only-title">
      <h1 id="admin-only-title">{title}</h1>
      <p>Managing {what} needs the admin sign-in of the Sightline server; an API key can only read reports.</p>
      <p>
        On <Link to="/connect">Connect</Link> choose “Disconnect and use this server's sign-in”, then sign in with an
        account of the admin role or higher.
      </p>
    </section>
  );
}
