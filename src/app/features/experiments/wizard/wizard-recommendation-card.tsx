import type { Recommendation } from '../../../../contract/recommendations.js';

/** The proposed value in words: css JSON as "property value" pairs, text as it is. */
function proposed(r: Recommendation): string {
  if (r.change_type !== 'css') return `“${r.variant_value}”`;
  try {
    return Object.entries(JSON.parse(r.variant_value) as Record<string, unknown>)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ');
  } catch {
    return r.variant_value;
  }
}

/** One recommendation: a checkbox named by its title, then why (evidence), what would change, how sure. */
export function WizardRecommendationCard({
  recommendation: r,
  checked,
  onToggle,
  warning,
}: {
  recommendation: Recommendation;
  checked: boolean;
  onToggle(on: boolean): void;
  warning?: string;
}) {
  const id = `wizard-rec-${r.id}`;
  return (
    <div className={`card wizard-rec${checked ? ' chosen' : ''}`} data-recommendation={r.id}>
      <div className="wizard-rec-head">
        <input
          type="checkbox"
          id={id}
          checked={checked}
          onChange={(e) => onToggle(e.target.checked)}
          aria-describedby={`${id}-why`}
        />
        <label htmlFor={id} className="wizard-rec-title">
          {r.title}
        </label>
      </div>
      <dl className="wizard-rec-facts">
        <div>
          <dt>Confidence</dt>
          <dd data-field="confidence">{r.confidence_score} / 100</dd>
        </div>
        <div>
          <dt>Expected impact</dt>
          <dd data-field="impact">{r.expected_impact}</dd>
        </div>
        <div>
          <dt>Element</dt>
          <dd>
            <code>{r.element_selector}</code> ({r.element_type})
          </dd>
        </div>
      </dl>
      <div id={`${id}-why`}>
        <p className="wizard-rec-label">Why (evidence)</p>
        {r.evidence && r.evidence.length > 0 ? (
          <ul className="wizard-evidence">
            {r.evidence.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : (
          <p className="muted small">The API gave no figures for this one.</p>
        )}
        {r.change_type === 'text' && (
          <>
            <p className="wizard-rec-label">Now</p>
            <p className="wizard-rec-change">“{r.control_value}”</p>
          </>
        )}
        <p className="wizard-rec-label">Proposed {r.change_type === 'css' ? 'style' : 'text'}</p>
        <p className="wizard-rec-change">{proposed(r)}</p>
        {warning && (
          <p className="wizard-overlap" data-testid="wizard-rec-overlap">
            <strong>Heads up: </strong>
            {warning}
          </p>
        )}
      </div>
    </div>
  );
}
