import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Path } from 'react-hook-form';
import type { CreateExperimentBody } from '../../../../contract/experiments.js';
import { pagePath } from '../../../../contract/common.js';
import { useCreateExperiment } from '../api/wizard-queries.js';
import { createErrorTarget, stepOfField } from './wizard-field-paths.js';
import { applyChosenRecommendations, initialValues, type WizardValues } from './wizard-form.js';
import { WizardProgress } from './wizard-progress.js';
import { wizardResolver } from './wizard-resolver.js';
import { WizardStepBody } from './wizard-step-body.js';
import { useDraftAutosave } from './wizard-draft-autosave.js';
import { parseDraft, wizardDraftKey, type WizardDraft } from './wizard-draft.js';
import { clampStep, slugOfStep, stepOfSlug } from './wizard-step-clamp.js';
import { STEP, WIZARD_STEPS, type WizardStepSlug } from './wizard-steps.js';
import { WizardStartOver } from './wizard-start-over.js';
import { type ReportScope } from '../../../lib/report-scope.js';

/** The first field path with an error, depth first (the order the inputs appear in). */
function firstErrorPath(errors: FieldErrors, prefix = ''): string | null {
  for (const [k, v] of Object.entries(errors)) {
    if (!v || typeof v !== 'object' || k === 'ref') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof (v as { type?: unknown }).type === 'string') return path;
    const inner = firstErrorPath(v as FieldErrors, path);
    if (inner) return inner;
  }
  return null;
}

/**
 * The draft to start from: the one this tab kept, unless the URL came from elsewhere (no step, as
 * from the Pages report) naming another page: then that page, fresh.
 */
function startingDraft(key: string, urlPage: string | undefined, urlStep: WizardStepSlug | undefined): WizardDraft {
  let kept: WizardDraft | null = null;
  try {
    kept = parseDraft(sessionStorage.getItem(key));
  } catch {
    // storage unavailable: start fresh
  }
  if (kept && (urlStep !== undefined || urlPage === undefined || kept.values.page === urlPage)) return kept;
  return { values: initialValues(urlPage ?? ''), chosen: { page: urlPage ?? '', recs: [] } };
}

/**
 * The five steps over one form: values stay while moving back and forth; Create posts them. The
 * step lives in the URL and the draft in sessionStorage, so a reload or a stray back/forward keeps both.
 */
export function ExperimentWizard({ scope }: { scope: ReportScope }) {
  const search = useSearch({ from: '/experiments/new' });
  const draftKey = wizardDraftKey(scope.connection, scope.propertyId);
  const [start] = useState(() => startingDraft(draftKey, search.page, search.step));
  const form = useForm<WizardValues, unknown, CreateExperimentBody>({
    resolver: wizardResolver,
    mode: 'onChange',
    defaultValues: start.values,
  });
  const [chosen, setChosen] = useState<WizardDraft['chosen']>(start.chosen);
  const draft = useDraftAutosave(form, chosen, draftKey);
  // Never past what the values allow: a URL (typed, shared, or a stray forward) cannot skip a check.
  const step = clampStep(stepOfSlug(search.step), form.watch());
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateExperiment(scope);
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  /** A field to focus once its step has mounted (an error sent the person back to it). */
  const focusAfterMove = useRef<Path<WizardValues> | null>(null);

  /** Each step is a history entry, so the browser's back and forward walk the steps too. */
  const goTo = (target: number, replace = false) => {
    const page = form.getValues('page');
    void navigate({
      to: '.',
      search: (s) => ({ ...s, step: slugOfStep(target), page: pagePath.safeParse(page).success ? page : undefined }),
      replace,
    });
  };
  // The URL names the step on screen (a clamped one included), so a reload comes back to it.
  useEffect(() => {
    if (search.step !== slugOfStep(step)) goTo(step, true);
  });

  // Keyboard and screen-reader users land on the new step's heading, not on a vanished button, or
  // on the field an error sent them back to.
  useEffect(() => {
    if (focusAfterMove.current) form.setFocus(focusAfterMove.current);
    else if (moved.current) heading.current?.focus();
    focusAfterMove.current = null;
    moved.current = true;
  }, [step, form]);

  /** Shows the step holding `path` and puts the cursor in that field. */
  const goToField = (path: Path<WizardValues>) => {
    const target = stepOfField(path);
    if (target === step) form.setFocus(path);
    else {
      focusAfterMove.current = path;
      goTo(target);
    }
  };

  const page = form.watch('page');
  const chosenRecs = chosen.page === page ? chosen.recs : [];

  const next = async () => {
    if (!(await form.trigger(WIZARD_STEPS[step]?.checks, { shouldFocus: true }))) return;
    if (step === STEP.recommendations)
      form.setValue('variants.0.changes', applyChosenRecommendations(form.getValues('variants.0.changes'), chosenRecs));
    if (step === STEP.goal && form.getValues('name').trim() === '')
      form.setValue('name', chosenRecs[0]?.title ?? `Test on ${page}`);
    goTo(step + 1);
  };

  const startOver = () => {
    form.reset(initialValues(''));
    setChosen({ page: '', recs: [] });
    setFormError(null);
    draft.clear();
    goToField('page');
  };

  const submit = form.handleSubmit(
    async (body) => {
      setFormError(null);
      let created;
      try {
        created = await create.mutateAsync(body);
      } catch (error) {
        const target = createErrorTarget(error, form.getValues());
        if (target.path) {
          form.setError(target.path as Path<WizardValues>, { type: 'server', message: target.message });
          goToField(target.path as Path<WizardValues>);
        } else {
          goTo(target.step);
          setFormError(target.message);
        }
        return;
      }
      draft.clear();
      await navigate({
        to: '/experiments/$experimentId',
        params: { experimentId: created.experiment_id },
        search: ({ page: _, step: __, ...root }) => root,
      });
    },
    (errors) => goToField((firstErrorPath(errors) ?? 'name') as Path<WizardValues>),
  );

  return (
    <FormProvider {...form}>
      <WizardProgress step={step} />
      <form className="card wizard-card" onSubmit={submit} noValidate aria-labelledby="wizard-step-title">
        <h2 id="wizard-step-title" ref={heading} tabIndex={-1}>
          {WIZARD_STEPS[step]?.title}
        </h2>
        <WizardStepBody
          step={step}
          scope={scope}
          page={page}
          chosen={chosenRecs}
          onChosenChange={(recs) => setChosen({ page, recs })}
        />
        {formError && step === STEP.review && (
          <p className="error" role="alert">
            {formError}
          </p>
        )}
        <div className="form-actions wizard-actions">
          {step > STEP.page && (
            <button type="button" className="button" onClick={() => goTo(step - 1)}>
              Back
            </button>
          )}
          {/* Distinct keys: reusing the Next element as the submit button would let the click that
              reached the review step also submit the form. */}
          {step < STEP.review ? (
            <button key="next" type="button" className="button primary" onClick={next}>
              Next
            </button>
          ) : (
            <button key="create" type="submit" className="button primary" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create experiment'}
            </button>
          )}
        </div>
      </form>
      <WizardStartOver onStartOver={startOver} />
    </FormProvider>
  );
}
