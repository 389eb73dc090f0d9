import { describe, expect, it } from 'vitest';
import { inviteBodyOf, inviteFields } from './invite-fields.js';

describe('inviteFields', () => {
  it('sends every property as an empty list, dropping boxes ticked before choosing all', () => {
    const fields = inviteFields.parse({
      email: ' Vera@Example.com ',
      role: 'viewer',
      scope: 'all',
      property_ids: ['acme-shop'],
    });
    expect(inviteBodyOf(fields)).toEqual({ email: 'vera@example.com', role: 'viewer', property_ids: [] });
  });

  it('sends the ticked properties when some are chosen', () => {
    const fields = inviteFields.parse({ email: 'a@b.co', role: 'editor', scope: 'some', property_ids: ['acme-blog'] });
    expect(inviteBodyOf(fields).property_ids).toEqual(['acme-blog']);
  });

  it('asks for a property when "some" is chosen with none ticked, at the properties field', () => {
    const result = inviteFields.safeParse({ email: 'a@b.co', role: 'editor', scope: 'some', property_ids: [] });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['property_ids', 'Pick at least one property, or choose all properties.'],
    ]);
  });
});
