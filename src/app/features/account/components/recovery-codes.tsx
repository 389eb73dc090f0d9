import { CopyButton } from '../../../components/copy-button.js';

/** The recovery codes, shown once: after `onDone` nobody can see them again, the server keeps only hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="two-factor-codes" aria-labelledby="recovery-codes-title" data-testid="recovery-codes">
      <h2 id="recovery-codes-title">Two-factor is on. Save your recovery codes</h2>
      <p>
        Each code signs you in once without your phone. Keep them somewhere safe, away from this computer: they are
        shown only now.
      </p>
      <ol className="two-factor-code-list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <CopyButton text={codes.join('\n')} label="Copy the recovery codes" />
        <button type="button" className="button primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </section>
  );
}
