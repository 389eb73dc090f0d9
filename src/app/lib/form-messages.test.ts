import { describe, expect, it } from 'vitest';
import { createKeyBody, createPropertyBody } from '../../contract/admin.js';
import { formMessages } from './form-messages.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('formMessages', () => {
  it('words the generic limits of the admin contract for a form', () => {
    const property = createPropertyBody.safeParse(
      { id: 'ok', name: '', domain: 'x'.repeat(254) },
      { error: formMessages },
    );
    expect(messages(property)).toEqual({ name: 'Required.', domain: 'At most 253 characters.' });
    const key = createKeyBody.safeParse({ name: 'k', property_ids: [] }, { error: formMessages });
    expect(messages(key)).toEqual({ property_ids: 'Pick at least one.' });
  });

  it("keeps the contract's own message for a property id", () => {
    const result = createPropertyBody.safeParse({ id: '-bad', name: 'Shop' }, { error: formMessages });
    expect(messages(result)).toEqual({
      id: '1–64 characters of A–Z, a–z, 0–9, _ . -, starting with a letter or digit',
    });
  });
});
