import type { z } from 'zod';
import {
  createExperimentBody,
  MAX_TEST_SIZE,
  type experimentStatuses,
  type experimentTypes,
  type goals,
} from '../../contract/experiments.js';

/** The fields of a test's line that checkAsCreated reads. */
interface TestLine {
  name: string;
  page: string;
  type: (typeof experimentTypes)[number];
  goal: (typeof goals)[number];
  goal_target: string | null;
  auto_stop_days: number | null;
  status: (typeof experimentStatuses)[number];
  variants: { label: string; changes: unknown[]; url?: string }[];
  metrics?: { goal: (typeof goals)[number]; goal_target: string | null; role: 'secondary' | 'guardrail' }[] | null;
}

/**
 * A test in a file from elsewhere is checked as the API checks a new one, as far as it can reach
 * visitors: the control changes nothing, the variants fit the size a page script carries, and a
 * running test's variants, page and goal pass today's rules (a file could otherwise plant changes the
 * API refuses, issue 41 §8). A complete test is history, never served: a rule added since it ran
 * does not keep it out.
 */
export function checkAsCreated(e: TestLine, ctx: z.RefinementCtx) {
  const [control, ...variants] = e.variants;
  if (control && (control.changes.length > 0 || control.url !== undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['variants', 0],
      message: 'the control (variant 0) changes nothing and has no url',
    });
  }
  const body = {
    name: e.name,
    page: e.page,
    type: e.type,
    goal: e.goal,
    ...(e.goal_target === null ? {} : { goal_target: e.goal_target }),
    ...(e.auto_stop_days === null ? {} : { auto_stop_days: e.auto_stop_days }),
    ...(e.metrics?.length
      ? {
          metrics: e.metrics.map((m) => ({
            goal: m.goal,
            role: m.role,
            ...(m.goal_target === null ? {} : { goal_target: m.goal_target }),
          })),
        }
      : {}),
    variants: variants.map((v) =>
      e.type === 'redirect' ? { label: v.label, url: v.url } : { label: v.label, changes: v.changes },
    ),
  };
  const size = JSON.stringify(body.variants).length;
  if (size > MAX_TEST_SIZE) {
    ctx.addIssue({
      code: 'custom',
      path: ['variants'],
      message: `${size} characters; at most ${MAX_TEST_SIZE} per test`,
    });
    return;
  }
  if (e.status !== 'active') return;
  const checked = createExperimentBody.safeParse(body);
  for (const issue of checked.error?.issues ?? []) {
    // The body's variants leave out the control: its variant i is the line's i + 1.
    const [first, index, ...more] = issue.path;
    const path = first === 'variants' && typeof index === 'number' ? ['variants', index + 1, ...more] : issue.path;
    ctx.addIssue({ code: 'custom', path, message: issue.message });
  }
}
