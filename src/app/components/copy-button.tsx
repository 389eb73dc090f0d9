import { useEffect, useState } from 'react';

/**
 * Copies `text` to the clipboard and says so (live region). The clipboard can be refused (an
 * insecure origin, a denied permission); then it says how to copy by hand instead of failing quietly.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const t = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(t);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="copy-button">
      <button type="button" className="button small" onClick={copy} aria-label={label}>
        Copy
      </button>
      <span role="status" className="muted small">
        {state === 'copied'
          ? 'Copied.'
          : state === 'failed'
            ? 'The browser refused the clipboard: select the text and copy it.'
            : ''}
      </span>
    </span>
  );
}
