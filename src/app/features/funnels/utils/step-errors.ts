import { funnelSteps } from '../../../../contract/funnels.js';

export interface StepCheck {
  /** The steps as the API takes them, when every one passes the contract's schema. */
  steps: { page: string }[] | null;
  /** Message per step index, in words. */
  errors: Record<number, string>;
}

/** Checks the typed pages with the same zod schema the server validates `steps` with. */
export function checkSteps(pages: string[]): StepCheck {
  const parsed = funnelSteps.safeParse(pages.map((page) => ({ page })));
  if (parsed.success) return { steps: parsed.data, errors: {} };
  const errors: Record<number, string> = {};
  for (const issue of parsed.error.issues) {
    const index = issue.path[0];
    if (typeof index !== 'number' || errors[index]) continue;
    errors[index] =
      pages[index] === '' ? 'Enter a page path, e.g. /pricing.' : issue.code === 'too_big' ? 'Keep the path under 1,024 characters.' : `Use ${issue.message}.`;
  }
  return { steps: null, errors };
}

/** The step an API error's `field` names (`steps.2.page` → 2), or null when it names none. */
export function stepOfField(field: string | undefined): number | null {
  const match = /^steps\.(\d+)(\.|$)/.exec(field ?? '');
  return match ? Number(match[1]) : null;
}
