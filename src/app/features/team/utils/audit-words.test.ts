import { describe, expect, it } from 'vitest';
import { actionWords, actorWords, auditWhen } from './audit-words.js';

describe('actionWords', () => {
  it('turns a logged endpoint name into what was done', () => {
    expect(actionWords('inviteAccount')).toBe('Invited someone');
    expect(actionWords('createSplitTest')).toBe('Created a split test');
    expect(actionWords('revokeApiKey')).toBe('Revoked an API key');
  });
  it('keeps a name it does not know, and is not fooled by inherited names', () => {
    expect(actionWords('renameUniverse')).toBe('renameUniverse');
    expect(actionWords('toString')).toBe('toString');
  });
});

describe('actorWords', () => {
  it('names an account by its email, a key by its name, and the printed link as such', () => {
    expect(actorWords({ actor_kind: 'account', actor_name: 'ana@example.com' })).toBe('ana@example.com');
    expect(actorWords({ actor_kind: 'key', actor_name: 'deploy bot' })).toBe('API key ‘deploy bot’');
    expect(actorWords({ actor_kind: 'link', actor_name: 'the printed sign-in link' })).toBe('the printed sign-in link');
  });
});

describe('auditWhen', () => {
  it('gives the date and the time to the second, in the zone asked for', () => {
    expect(auditWhen('2026-03-09T14:05:07Z', 'en-US', 'UTC')).toBe('Mar 9, 2026, 2:05:07 PM');
    expect(auditWhen('2026-03-09T14:05:07Z', 'en-US', 'Europe/Berlin')).toBe('Mar 9, 2026, 3:05:07 PM');
  });
});
