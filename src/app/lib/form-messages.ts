import type { z } from 'zod';

/**
 * Words for the contract's generic limits ("Too small: expected string to have >=1 characters")
 * in a form. Messages the contract writes itself (a property id's rule) still win: zod prefers a
 * schema's own message over this per-parse one. Pass as `zodResolver(schema, { error: formMessages })`.
 */
export function formMessages(issue: z.core.$ZodRawIssue): string | undefined {
  const isArray = Array.isArray(issue.input);
  if (issue.code === 'too_small') {
    if (isArray) return Number(issue.minimum) <= 1 ? 'Pick at least one.' : `Pick at least ${issue.minimum}.`;
    return Number(issue.minimum) <= 1 ? 'Required.' : `At least ${issue.minimum} characters.`;
  }
  if (issue.code === 'too_big')
    return isArray ? `Pick at most ${issue.maximum}.` : `At most ${issue.maximum} characters.`;
  return undefined;
}
