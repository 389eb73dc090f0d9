import { beforeEach, describe, expect, it } from 'vitest';
import { fetchWithCsrf, forgetCsrfToken } from './csrf-token.js';

/** A server stand-in: `/session` answers the current session's token; a write passes only with it. */
function server(opts: { signedIn?: boolean } = {}) {
  const state = { token: 'tok1', sessionAsks: 0, writes: [] as (string | undefined)[] };
  const impl = (async (url: string, init: RequestInit = {}) => {
    if (url === '/api/admin/v1/session') {
      state.sessionAsks++;
      return opts.signedIn === false
        ? Response.json({ error: { code: 'unauthorized', message: 'not signed in', details: {} } }, { status: 401 })
        : Response.json({ signed_in: true, csrf_token: state.token, account: null, role: 'owner' });
    }
    const sent = (init.headers as Record<string, string>)['x-csrf-token'];
    state.writes.push(sent);
    return new Response(null, { status: sent === state.token ? 204 : 403 });
  }) as typeof fetch;
  return { state, impl };
}

const write = (impl: typeof fetch) =>
  fetchWithCsrf(impl, '/api/admin/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' } });

beforeEach(forgetCsrfToken);

describe('fetchWithCsrf', () => {
  it('asks for the token once and sends it with every write', async () => {
    const s = server();
    expect((await write(s.impl)).status).toBe(204);
    expect((await write(s.impl)).status).toBe(204);
    expect(s.state).toMatchObject({ sessionAsks: 1, writes: ['tok1', 'tok1'] });
  });

  it('renews a token of an older session once (signed in again in another tab)', async () => {
    const s = server();
    await write(s.impl);
    s.state.token = 'tok2';
    expect((await write(s.impl)).status).toBe(204);
    expect(s.state.writes).toEqual(['tok1', 'tok1', 'tok2']);
  });

  it('does not send a refused write twice when the token has not changed', async () => {
    const s = server();
    await write(s.impl);
    const refusing = (async (url: string, init?: RequestInit) =>
      url.endsWith('/keys')
        ? (s.state.writes.push('x'), new Response(null, { status: 403 }))
        : s.impl(url, init)) as typeof fetch;
    expect((await write(refusing)).status).toBe(403);
    expect(s.state.writes).toEqual(['tok1', 'x']);
  });

  it('signed out: the write goes without a token once, so the server says why', async () => {
    const s = server({ signedIn: false });
    expect((await write(s.impl)).status).toBe(403);
    expect(s.state.writes).toEqual(['']);
  });
});
