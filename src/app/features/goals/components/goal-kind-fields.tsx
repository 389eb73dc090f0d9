import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CreateGoalBody, GoalKind } from '../../../../contract/goals.js';
import { describedBy, FormField } from '../../../components/form-field.js';
import type { GoalFormValues } from '../utils/goal-form.js';

type Form = UseFormReturn<GoalFormValues, unknown, CreateGoalBody>;
type TextField = 'page' | 'event' | 'target' | 'source';

const PATTERN_HELP =
  '* stands for one segment and ** for any run: /blog/** is every post. Case-sensitive, without ?query.';
const optional = (label: string) => (
  <>
    {label} <span className="muted">(optional)</span>
  </>
);

function Text({
  form,
  name,
  label,
  help,
  placeholder,
}: {
  form: Form;
  name: TextField;
  label: ReactNode;
  help: string;
  placeholder: string;
}) {
  const id = `goal-${name}`;
  const error = form.formState.errors[name]?.message;
  return (
    <FormField id={id} label={label} help={help} error={error}>
      <input
        id={id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        aria-invalid={!!error}
        aria-describedby={describedBy(id, true)}
        {...form.register(name)}
      />
    </FormField>
  );
}

/** The fields of one kind of goal; what was typed for another kind is kept in the form, not sent. */
export function GoalKindFields({ kind, form }: { kind: GoalKind; form: Form }) {
  switch (kind) {
    case 'page':
      return (
        <Text
          form={form}
          name="page"
          label="Page"
          help={`A visit to a page whose path matches. ${PATTERN_HELP}`}
          placeholder="/pricing"
        />
      );
    case 'event':
      return (
        <Text
          form={form}
          name="event"
          label="Event name"
          help="A custom event, named exactly as your site sends it: sightline.track('Signup')."
          placeholder="Signup"
        />
      );
    case 'click':
      return (
        <>
          <Text
            form={form}
            name="target"
            label="Element"
            help="The clicked element's selector, as the Clicks report shows it."
            placeholder="#cta-start-trial"
          />
          <Text
            form={form}
            name="page"
            label={optional('On pages')}
            help={`Only clicks on pages matching this; any page when blank. ${PATTERN_HELP}`}
            placeholder="/pricing"
          />
        </>
      );
    case 'form':
      return (
        <>
          <p className="muted small goal-form-hint">Leave all three blank to count every form submission.</p>
          <Text
            form={form}
            name="target"
            label={optional('Form')}
            help="The form's selector, as the Forms report shows it."
            placeholder="#signup-form"
          />
          <Text
            form={form}
            name="source"
            label={optional('Source')}
            help="The form's source: its data-source, name or id."
            placeholder="signup"
          />
          <Text
            form={form}
            name="page"
            label={optional('On pages')}
            help={`Only submissions on pages matching this. ${PATTERN_HELP}`}
            placeholder="/signup"
          />
        </>
      );
  }
}
