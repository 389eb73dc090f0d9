import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { createGoalBody, type CreateGoalBody, type GoalKind } from '../../../../contract/goals.js';
import { formMessages } from '../../../lib/form-messages.js';

/** The form holds every kind's fields as text, so switching kinds back and forth keeps what was typed. */
export interface GoalFormValues {
  name: string;
  kind: GoalKind;
  page: string;
  event: string;
  target: string;
  source: string;
}

export const GOAL_FORM_FIELDS = ['name', 'kind', 'page', 'event', 'target', 'source'] as const;
export const emptyGoalForm = (kind: GoalKind = 'event'): GoalFormValues => ({
  name: '',
  kind,
  page: '',
  event: '',
  target: '',
  source: '',
});

const given = (text: string) => (text.trim() === '' ? undefined : text);

/**
 * The body the form stands for: only the chosen kind's fields; an optional field left blank is left
 * out (the contract refuses an empty selector), a required one stays so its error reads "Required."
 */
export function goalBodyOf(v: GoalFormValues): Record<string, unknown> {
  switch (v.kind) {
    case 'page':
      return { name: v.name, kind: 'page', page: v.page };
    case 'event':
      return { name: v.name, kind: 'event', event: v.event };
    case 'click':
      return { name: v.name, kind: 'click', target: v.target, page: given(v.page) };
    case 'form':
      return { name: v.name, kind: 'form', target: given(v.target), source: given(v.source), page: given(v.page) };
  }
}

const contract = zodResolver(createGoalBody, { error: formMessages });

/** The contract's own createGoalBody checks the body as it is typed; the body's fields are the form's. */
export const goalFormResolver: Resolver<GoalFormValues, unknown, CreateGoalBody> = async (values, context, options) => {
  const result = await contract(goalBodyOf(values) as never, context, options as never);
  return Object.keys(result.errors).length === 0
    ? { values: result.values as CreateGoalBody, errors: {} }
    : { values: {}, errors: result.errors };
};
