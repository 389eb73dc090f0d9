import { describe, expect, it } from 'vitest';
import { setPasswordSearch } from '../set-password-search.js';
import { setPasswordFields } from './set-password-form.js';

const issues = (password: string, confirm: string) =>
  (setPasswordFields.safeParse({ password, confirm }).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('the set-password form', () => {
  it('asks for 10 characters first, then the same password twice', () => {
    expect(issues('short', 'other')).toEqual([['password', 'at least 10 characters']]);
    expect(issues('correct horse', 'correct hose')).toEqual([['confirm', 'The two passwords are not the same.']]);
    expect(issues('correct horse', 'correct horse')).toEqual([]);
  });
});

describe('the set-password link', () => {
  it('keeps the token as a string, even all digits, and drops anything else', () => {
    expect(setPasswordSearch.parse({ token: 'abcDEF123' })).toEqual({ token: 'abcDEF123' });
    expect(setPasswordSearch.parse({ token: 12345 })).toEqual({ token: '12345' });
    expect(setPasswordSearch.parse({ token: ['a'] })).toEqual({ token: undefined });
    expect(setPasswordSearch.parse({})).toEqual({ token: undefined });
  });
});
