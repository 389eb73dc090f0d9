import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { showServerError } from './form-server-error.js';

type Form = { id: string; name: string };

function capture() {
  const calls: [string, string, boolean][] = [];
  const setError = ((name: string, error: { message?: string }, opts?: { shouldFocus?: boolean }) =>
    calls.push([name, error.message ?? '', !!opts?.shouldFocus])) as never;
  return { calls, setError };
}

describe('showServerError', () => {
  it('puts an error naming one of the fields under that field, focused', () => {
    const { calls, setError } = capture();
    showServerError<Form>(new ApiError(409, 'conflict', 'That id is taken.', 'id'), setError, ['id', 'name'], 'failed');
    expect(calls).toEqual([['id', 'That id is taken.', true]]);
  });

  it('puts an error naming no field of this form above the buttons, in the server words', () => {
    const { calls, setError } = capture();
    showServerError<Form>(
      new ApiError(400, 'invalid_request', 'Bad domain.', 'domain'),
      setError,
      ['id', 'name'],
      'failed',
    );
    expect(calls).toEqual([['root.server', 'Bad domain.', false]]);
  });

  it('words anything that is not an API answer with the fallback', () => {
    const { calls, setError } = capture();
    showServerError<Form>(new TypeError('boom'), setError, ['id', 'name'], 'The property could not be created.');
    expect(calls).toEqual([['root.server', 'The property could not be created.', false]]);
  });
});
