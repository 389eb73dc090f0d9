import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { goalKinds, type CreateGoalBody } from '../../../../contract/goals.js';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { showServerError } from '../../../lib/form-server-error.js';
import type { ReportScope } from '../../../lib/report-scope.js';
import { useCreateGoal } from '../api/goal-mutations.js';
import { emptyGoalForm, GOAL_FORM_FIELDS, goalFormResolver, type GoalFormValues } from '../utils/goal-form.js';
import { GOAL_KIND_LABELS } from '../utils/goal-words.js';
import { GoalKindFields } from './goal-kind-fields.js';

/**
 * A new goal, checked by the contract's createGoalBody as it is typed; the fields follow the kind.
 * The server's verdict (409 on a name the property has) lands on the field it names.
 */
export function CreateGoalForm({ scope }: { scope: ReportScope }) {
  const create = useCreateGoal(scope);
  const [added, setAdded] = useState('');
  const form = useForm<GoalFormValues, unknown, CreateGoalBody>({
    resolver: goalFormResolver,
    mode: 'onTouched',
    defaultValues: emptyGoalForm(),
  });
  const { register, handleSubmit, formState, setError, reset, watch } = form;
  const kind = watch('kind');

  const onSubmit = async (body: CreateGoalBody) => {
    setAdded('');
    try {
      const goal = await create.mutateAsync(body);
      // The next goal is often of the same kind (another page, another event).
      reset(emptyGoalForm(body.kind));
      setAdded(`Added “${goal.name}”.`);
    } catch (error) {
      showServerError(error, setError, GOAL_FORM_FIELDS, 'The goal could not be added.');
    }
  };

  const err = formState.errors;
  return (
    <form className="card create-goal" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="create-goal-title">
      <h2 id="create-goal-title">Add a goal</h2>
      <FormField
        id="goal-name"
        label="Name"
        help="How the report names it; one goal per name in this property."
        error={err.name?.message}
      >
        <input
          id="goal-name"
          type="text"
          autoComplete="off"
          placeholder="Signup"
          aria-invalid={!!err.name}
          aria-describedby={describedBy('goal-name', true)}
          {...register('name')}
        />
      </FormField>
      <fieldset className="form-field choices goal-kinds">
        <legend>Counts</legend>
        {goalKinds.map((k) => (
          <label key={k} className="choice">
            <input type="radio" value={k} {...register('kind')} />
            {GOAL_KIND_LABELS[k]}
          </label>
        ))}
      </fieldset>
      <GoalKindFields kind={kind} form={form} />
      <FormFooter
        error={err.root?.server?.message}
        busy={formState.isSubmitting}
        label="Add goal"
        busyLabel="Adding…"
      />
      <p role="status" className="small goal-added">
        {added}
      </p>
    </form>
  );
}
