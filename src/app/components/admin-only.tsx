import { Link } from '@tanstack/react-router';

/** Key mode on an admin page: a key can only read reports, so say how to manage instead. */
export function AdminOnly({ title, what }: { title: string; what: string }) {
  return (
    <section className="card empty" aria-labelledby="admin-only-title">
      <h1 id="admin-only-title">{title}</h1>
      <p>Managing {what} needs the admin sign-in of the Sightline server; an API key can only read reports.</p>
      <p>
        Open the sign-in link the server printed when it started, then on <Link to="/connect">Connect</Link> choose
        “Disconnect and use this server's sign-in”.
      </p>
    </section>
  );
}
