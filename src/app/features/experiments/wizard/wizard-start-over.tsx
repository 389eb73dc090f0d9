import { useEffect, useRef, useState } from 'react';

/**
 * "Start over", asked twice: the draft it throws away is what the person would otherwise have to
 * type again, so one stray click must not cost it.
 */
export function WizardStartOver({ onStartOver }: { onStartOver(): void }) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);

  // The button pressed vanishes: the cursor goes to the safe answer, and back once answered.
  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (answered.current) start.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <p className="muted small">
        What you type is kept in this tab until the experiment is created.{' '}
        <button ref={start} type="button" className="button small" onClick={() => setAsking(true)}>
          Start over
        </button>
      </p>
    );
  }
  return (
    <div className="form-actions small" role="group" aria-labelledby="wizard-start-over-question">
      <span id="wizard-start-over-question">Discard everything typed and chosen in this wizard?</span>{' '}
      <button
        type="button"
        className="button small"
        onClick={() => {
          answered.current = false;
          setAsking(false);
          onStartOver();
        }}
      >
        Discard draft
      </button>{' '}
      <button
        ref={keep}
        type="button"
        className="button small"
        onClick={() => {
          answered.current = true;
          setAsking(false);
        }}
      >
        Keep editing
      </button>
    </div>
  );
}
