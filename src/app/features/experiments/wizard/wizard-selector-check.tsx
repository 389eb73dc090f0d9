import { createContext, useContext } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PageElements } from '../../../../contract/page-elements.js';
import { selectorProblem } from '../../../../contract/css-selector.js';
import { closestElements, seenOnPage } from './selector-on-page.js';
import type { WizardValues } from './wizard-form.js';

/** The test page's latest snapshot, read once by the Changes step for all its selector boxes. */
export const PageElementsContext = createContext<PageElements | undefined>(undefined);

/**
 * Under a selector box: a warning, never a refusal, when the page's snapshot shows no element it
 * could select (the snapshot holds only a page's headings, buttons, forms, links and images), naming
 * the elements it does hold, closest first; each fills the box when picked.
 */
export function WizardSelectorCheck({ path }: { path: `variants.${number}.changes.${number}` }) {
  const snapshot = useContext(PageElementsContext);
  const { control, setValue } = useFormContext<WizardValues>();
  const selector = useWatch({ control, name: `${path}.selector` });
  const elements = snapshot?.elements ?? [];
  // An invalid selector already has its own message; nothing more to say about it.
  if (selectorProblem(selector) !== null || seenOnPage(selector, elements) !== false) return null;
  const seen = snapshot?.seen_at
    ? new Date(snapshot.seen_at).toLocaleDateString(undefined, { dateStyle: 'medium' })
    : '';
  return (
    <div className="wizard-selector-check" role="status" data-testid="wizard-selector-check">
      <p>
        Not seen on {snapshot?.page}: its latest snapshot{seen ? ` (${seen})` : ''} has no element{' '}
        <code>{selector.trim()}</code> could select. The snapshot holds only headings, buttons, forms, links and images;
        if the element is there, the test still works, otherwise it changes nothing.
      </p>
      <p className="muted small">Elements it has, closest first:</p>
      <ul>
        {closestElements(selector, elements).map((e) => (
          <li key={e.selector}>
            <button
              type="button"
              className="button small wizard-selector-pick"
              onClick={() => setValue(`${path}.selector`, e.selector, { shouldValidate: true, shouldDirty: true })}
            >
              <code>{e.selector}</code>
            </button>{' '}
            <span className="muted small">
              {e.kind}
              {e.text ? ` “${e.text.slice(0, 60)}”` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
