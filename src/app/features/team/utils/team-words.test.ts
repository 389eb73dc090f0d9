import { describe, expect, it } from 'vitest';
import { createdDay, invitableRoles, linkExpiry, propertiesWords } from './team-words.js';

const properties = [
  { id: 'acme-shop', name: 'Acme shop', timezone: 'UTC' },
  { id: 'acme-blog', name: 'Acme blog', timezone: 'UTC' },
];

describe('propertiesWords', () => {
  it('says all properties for an unscoped account', () => {
    expect(propertiesWords([], properties)).toBe('All properties');
  });
  it('names the properties it knows, and gives the id of one this session cannot see', () => {
    expect(propertiesWords(['acme-blog', 'other-site'], properties)).toBe('Acme blog, other-site');
  });
});

describe('invitableRoles', () => {
  it('lets only an owner invite an owner', () => {
    expect(invitableRoles('owner')).toEqual(['owner', 'admin', 'editor', 'viewer']);
    expect(invitableRoles('admin')).toEqual(['admin', 'editor', 'viewer']);
  });
});

describe('dates', () => {
  // In the runner's own zone: the minutes and a noon-UTC day are the same from UTC−11 to UTC+11.
  it('words an expiry with its time and a creation day without one', () => {
    expect(linkExpiry('2026-03-09T14:05:00Z')).toMatch(/^Mar 9, 2026, \d{1,2}:05 [AP]M$/);
    expect(createdDay('2026-03-09T12:00:00Z')).toBe('Mar 9, 2026');
  });
});
