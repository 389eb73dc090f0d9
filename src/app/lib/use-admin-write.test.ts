import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminWriteOptions } from './use-admin-write.js';

const SECRET = 'sl_live_0123456789abcdef';

/** Creates a "key" through the admin write's options, resets the observer, and says what the mutation cache still holds. */
async function cacheAfterReset(forgetResult: boolean) {
  const qc = new QueryClient();
  const observer = new MutationObserver(
    qc,
    adminWriteOptions(
      async () => {},
      async (_: unknown) => ({ key: SECRET }),
      { forgetResult },
    ),
  );
  expect((await observer.mutate({})).key).toBe(SECRET);
  observer.reset();
  await new Promise((resolve) => setTimeout(resolve, 10));
  return JSON.stringify(
    qc
      .getMutationCache()
      .getAll()
      .map((m) => m.state.data),
  );
}

describe('admin writes', () => {
  it('drop a secret result from the mutation cache once reset when asked to forget it', async () => {
    expect(await cacheAfterReset(true)).not.toContain(SECRET);
  });

  it('otherwise keep the result for the default time (which is why the key creation asks to forget)', async () => {
    expect(await cacheAfterReset(false)).toContain(SECRET);
  });

  it('refresh the list after a failure only when asked to', () => {
    const refresh = async () => {};
    expect(adminWriteOptions(refresh, async () => 1, { refreshOnError: true })).toMatchObject({ onSettled: refresh });
    expect(adminWriteOptions(refresh, async () => 1)).toMatchObject({ onSuccess: refresh });
  });
});
