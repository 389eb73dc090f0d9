import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { openTestStore } from '../test-support/test-store.js';
import { noMailer, type Mailer } from './mailer.js';

// The email reports' timer runs in the server process: started when the app is ready, stopped when
// it closes (the tick itself is tested with a fixed clock: weekly-digest.test.ts, email-reports.test.ts).

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fakeMailer: Mailer = { configured: true, send: async () => true, close() {} };

describe('the email reports timer', () => {
  it('ticks while the app runs and stops when it closes', async () => {
    const store = await openTestStore();
    const app = await buildApp({
      store,
      mail: { mailer: fakeMailer, linkBase: 'https://a.example' },
      emailReportsEveryMs: 20,
    });
    const tick = vi.spyOn(app.emailReports!, 'tick');
    await app.ready();
    await vi.waitFor(() => expect(tick).toHaveBeenCalled());
    await app.close();
    const calls = tick.mock.calls.length;
    await sleep(100);
    expect(tick.mock.calls.length).toBe(calls);
    await store.close();
  });

  it('is not there without mail', async () => {
    const store = await openTestStore();
    const app = await buildApp({ store, mail: { mailer: noMailer, linkBase: '' }, emailReportsEveryMs: 20 });
    expect(app.emailReports).toBeNull();
    await app.close();
    await store.close();
  });
});
