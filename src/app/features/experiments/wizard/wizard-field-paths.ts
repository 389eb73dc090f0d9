import { ApiError } from '../../../lib/api-error.js';
import { rowOfProperty } from './wizard-css-rows.js';
import type { WizardValues } from './wizard-form.js';
import { STEP, WIZARD_STEPS } from './wizard-steps.js';

const STEP_OF_FIELD = new Map(WIZARD_STEPS.flatMap((s, i) => s.holds.map((field) => [field, i] as const)));

/** The request fields the form has an input for (what a server error may be shown beside). */
export const isFormField = (path: string) => STEP_OF_FIELD.has(path.split('.')[0]!);

/** The wizard step that holds a field (a form path or the request's own path); unknown ones: review. */
export const stepOfField = (path: string): number => STEP_OF_FIELD.get(path.split('.')[0]!) ?? STEP.review;

const CSS_VALUE_PATH = /^(variants\.\d+\.changes\.\d+)\.value(?:\.(.+))?$/;
/** A more metric as a whole (`metrics.1`): the contract's "already measured", which is about its goal. */
const METRIC_ROW_PATH = /^metrics\.\d+$/;

/**
 * A path in the request body (`variants.1.changes.0.value.fontSize`, from the schema or the
 * server's `details.field`) as the path of the form input that holds it. They differ only for css,
 * which the body keeps as an object and the form as rows (a bad property name is blamed on the
 * row's property box, `part: 'key'`, a bad value on its value box), and for a metric refused as a
 * whole, which is blamed on its goal box.
 */
export function bodyPathToFormPath(path: string, values: WizardValues, part: 'key' | 'value' = 'value'): string {
  if (METRIC_ROW_PATH.test(path)) return `${path}.goal`;
  const m = CSS_VALUE_PATH.exec(path);
  if (!m) return path;
  const [, changePath, property] = m;
  const [, v, , c] = changePath!.split('.').map(Number);
  const change = values.variants[v!]?.changes[c!];
  if (change?.op !== 'css') return path;
  if (property === undefined) return `${changePath}.css`;
  const row = rowOfProperty(change.css, property);
  return row < 0 ? `${changePath}.css` : `${changePath}.css.${row}.${part === 'key' ? 'property' : 'value'}`;
}

/** Where a server's refusal belongs: the form field (or null for the whole form), its step, the words. */
export function serverErrorTarget(field: string | undefined, message: string, values: WizardValues) {
  // The server prefixes its message with the field ("variants.1.url: must differ…"); beside the box that is noise.
  const words = field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  if (!field || !isFormField(field)) return { path: null, step: STEP.review, message: words };
  const part = /key/i.test(words) ? 'key' : 'value';
  return { path: bodyPathToFormPath(field, values, part), step: stepOfField(field), message: words };
}

/**
 * Where a failed create is shown, in words: a field the server blamed, else the whole form. Anything
 * that is not an API answer (a bug in the dashboard; network failures already arrive as ApiError
 * status 0) still gets a sentence on screen instead of an unhandled rejection.
 */
export function createErrorTarget(
  error: unknown,
  values: WizardValues,
): { path: string | null; step: number; message: string } {
  if (!(error instanceof ApiError)) {
    const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
    return {
      path: null,
      step: STEP.review,
      message: `The experiment could not be created: the dashboard hit an unexpected error${detail}. Reload the page and try again.`,
    };
  }
  const target = serverErrorTarget(error.field, error.message, values);
  if (target.path) return target;
  return {
    ...target,
    message: error.status === 400 ? `The server refused the experiment: ${target.message}` : error.message,
  };
}
