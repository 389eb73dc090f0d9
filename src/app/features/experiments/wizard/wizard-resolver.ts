import { zodResolver } from '@hookform/resolvers/zod';
import { set, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { createExperimentBody, type CreateExperimentBody } from '../../../../contract/experiments.js';
import { bodyPathToFormPath } from './wizard-field-paths.js';
import { toCreateBody, type WizardValues } from './wizard-form.js';

/**
 * Kinder words for three of zod's defaults; the rule itself stays the contract's. A bad css
 * property name otherwise reads "Invalid key in record" instead of the contract's own hint.
 */
const words = (issue: {
  code?: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  input?: unknown;
  issues?: { message?: string }[];
}) => {
  if (issue.code === 'invalid_key') return issue.issues?.[0]?.message;
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'Required';
  // The name's 200 is easy to pass with a pasted text; zod's "Too big: expected string…" says it in code.
  if (issue.code === 'too_big' && issue.origin === 'string' && typeof issue.input === 'string')
    return `At most ${String(issue.maximum)} characters (this has ${issue.input.trim().length})`;
  return undefined;
};

const contract = zodResolver(createExperimentBody, { error: words as never });

/** Every leaf error of a nested error object, with its dotted path (`…root` for array-level ones). */
function leaves(node: unknown, path: string[] = [], out: [string, FieldError][] = []): [string, FieldError][] {
  if (!node || typeof node !== 'object') return out;
  const error = node as FieldError;
  if (typeof error.type === 'string') out.push([path.join('.'), error]);
  for (const [k, child] of Object.entries(node))
    if (k !== 'ref' && k !== 'types' && typeof child === 'object') leaves(child, [...path, k], out);
  return out;
}

/**
 * The contract's createExperimentBody checks the body the form stands for, so each field is held
 * to the server's rules as it is typed; errors come back on the form's own paths (css rows).
 */
export const wizardResolver: Resolver<WizardValues, unknown, CreateExperimentBody> = async (
  values,
  context,
  options,
) => {
  const result = await contract(toCreateBody(values), context, options as never);
  const found = leaves(result.errors);
  if (found.length === 0) return { values: result.values as CreateExperimentBody, errors: {} };
  const errors: FieldErrors<WizardValues> = {};
  for (const [path, error] of found) {
    const target = path.endsWith('.root')
      ? path
      : bodyPathToFormPath(path, values, error.type === 'invalid_key' ? 'key' : 'value');
    set(errors, target, { type: error.type, message: error.message, ref: error.ref });
  }
  return { values: {}, errors };
};
