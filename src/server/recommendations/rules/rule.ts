import type { SnapshotElement } from '../../store/store.js';
import type { PageEvidence, TargetFigure } from '../page-evidence.js';
import type { Strength } from '../scoring.js';

export type RuleId =
  'cta-contrast' | 'cta-text' | 'headline-clarity' | 'form-button' | 'link-to-button' | 'tap-targets';

/** The element a recommendation changes: a snapshot element, or a selector seen only in click data. */
export interface Target {
  selector: string;
  element_type: string;
  element: SnapshotElement | null;
}

/** What a rule proposes, before scoring turns its strength into confidence, impact and rank. */
export interface Draft extends Strength {
  rule: RuleId;
  title: string;
  target: Target;
  change_type: 'text' | 'css';
  control_value: string;
  variant_value: string;
  evidence: string[];
}

export type Rule = (ev: PageEvidence) => Draft[];

/** Below this many page views a rate is mostly noise; rules that read rates stay quiet. */
export const MIN_VIEWS = 10;

export const fromSnapshot = (el: SnapshotElement): Target => ({
  selector: el.selector,
  element_type: el.kind,
  element: el,
});

/** Without a snapshot, the kind is read off the selector's leading tag, if it has one. */
export function fromSelector(selector: string): Target {
  const tag = /^([a-z][a-z0-9]*)/i.exec(selector)?.[1]?.toLowerCase() ?? '';
  const kind =
    tag === 'a'
      ? 'link'
      : ['button', 'input'].includes(tag)
        ? 'button'
        : tag === 'form'
          ? 'form'
          : /^h[1-6]$/.test(tag)
            ? 'heading'
            : tag === 'img'
              ? 'image'
              : 'element';
  return { selector, element_type: kind, element: null };
}

export const elementsOf = (ev: PageEvidence, kind?: SnapshotElement['kind']) =>
  (ev.snapshot?.elements ?? []).filter((e) => !kind || e.kind === kind);

const NONE = { count: 0, unique: 0, share: 0, perView: 0 };
export const clicksOn = (ev: PageEvidence, selector: string): TargetFigure =>
  ev.clicks.targets.find((t) => t.target === selector) ?? { target: selector, ...NONE };
export const submitsOn = (ev: PageEvidence, selector: string): TargetFigure =>
  ev.forms.targets.find((t) => t.target === selector) ?? { target: selector, ...NONE };

const SUBMIT_TEXT = /\b(submit|send|sign ?up|subscribe|register|join|request)\b/i;

/**
 * The button that submits `form`: one whose selector sits under the form's, else an `<input>` submit,
 * else (on a page with a single form) a button worded like a submit. Null otherwise: never guessed.
 */
export function submitButtonOf(ev: PageEvidence, form: SnapshotElement): SnapshotElement | null {
  const buttons = elementsOf(ev, 'button');
  return (
    buttons.find((b) => b.selector.startsWith(`${form.selector} `) || b.selector.startsWith(`${form.selector}>`)) ??
    buttons.find((b) => b.tag === 'input') ??
    (elementsOf(ev, 'form').length === 1
      ? buttons.find((b) => b.tag === 'button' && SUBMIT_TEXT.test(b.text))
      : undefined) ??
    null
  );
}

/** Buttons that submit one of the page's forms: the form rule's, not the call-to-action rules'. */
export function formButtons(ev: PageEvidence): Set<string> {
  const out = new Set<string>();
  for (const f of elementsOf(ev, 'form')) {
    const b = submitButtonOf(ev, f);
    if (b) out.add(b.selector);
  }
  return out;
}
