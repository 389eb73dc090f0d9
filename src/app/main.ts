import './landing.css';

// Until the dashboard lands, `/` tells an operator what is running and how to reach the data:
// live server status, the API reference, and the commands that make a key.
const root = document.getElementById('root')!;
root.innerHTML = `
  <main>
    <h1><img src="/favicon.svg" alt="" width="28" height="28"> Sightline</h1>
    <p class="lead">Self-hosted web analytics and split testing.</p>
    <p id="health" role="status">Checking the server…</p>
    <section>
      <h2>Read your data through the API</h2>
      <ol>
        <li>Create a key: <code>npm run cli -- keys create --properties acme-shop</code> (demo mode prints one at start-up).</li>
        <li>Call it: <pre><code>curl -H "Authorization: Bearer $KEY" \\
  "${location.origin}/api/external/v1/properties/acme-shop/traffic/summary?start=2026-11-01&amp;end=2026-11-30"</code></pre></li>
      </ol>
      <p><a href="/api/external/v1/reference">API reference</a> · <a href="/api/external/v1/openapi.json">openapi.json</a></p>
    </section>
    <p class="note">The dashboard (reports, funnel builder, experiment wizard) is on its way; everything it will show is already available through the API.</p>
  </main>`;

const health = document.getElementById('health')!;
fetch('/healthz')
  .then((r) => (health.textContent = r.ok ? 'Server and store are answering.' : `The store is not answering (HTTP ${r.status}).`))
  .catch(() => (health.textContent = 'The server cannot be reached.'));
