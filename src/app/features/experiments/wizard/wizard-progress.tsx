import { WIZARD_STEPS } from './wizard-steps.js';

/** Where the person is in the wizard: numbered steps, done ones marked, the current one named. */
export function WizardProgress({ step }: { step: number }) {
  return (
    <nav aria-label="Wizard progress" className="wizard-steps">
      <p className="wizard-progress-text">
        Step {step + 1} of {WIZARD_STEPS.length}: {WIZARD_STEPS[step]?.title}
      </p>
      <ol className="wizard-progress">
        {WIZARD_STEPS.map(({ title: name }, i) => (
          <li
            key={name}
            className={i < step ? 'done' : i === step ? 'current' : undefined}
            aria-current={i === step ? 'step' : undefined}
          >
            <span className="wizard-progress-dot" aria-hidden="true">
              {i < step ? '✓' : i + 1}
            </span>
            <span className="wizard-progress-name">{name}</span>
            {i < step && <span className="visually-hidden"> (done)</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
