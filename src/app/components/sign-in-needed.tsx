import { Link } from '@tanstack/react-router';

/** Session mode without a valid cookie: explain both ways in, since the API can't sign anyone in. */
export function SignInNeeded() {
  return (
    <section className="card empty" aria-labelledby="signin-title">
      <h1 id="signin-title">Sign in to see your dashboard</h1>
      <p>
        Open the one-time sign-in link the Sightline server printed when it started (the line “Sign in to the
        dashboard:” in its output). It signs this browser in and brings you back here.
      </p>
      <p>
        Or <Link to="/connect">connect with an API key</Link> to see what that key may see, on this server or any other
        that speaks <code>/api/external/v1</code>.
      </p>
    </section>
  );
}
