import { count, pct, quote } from '../format.js';
import { shortfall } from '../scoring.js';
import { changedStyles, paddingOf, px, strongBackground } from './css-math.js';
import { elementsOf, fromSnapshot, MIN_VIEWS, submitButtonOf, submitsOn, type Rule } from './rule.js';

/** Submissions per page view a page built around a form should reach (a common sign-up-page rule of thumb). */
export const FORM_SUBMIT_BENCHMARK = 0.05;
const MAX_LIFT = 10;

/** A form few viewers submit: make its submit button the most visible thing in it. */
export const formButton: Rule = (ev) => {
  if (ev.pageViews < MIN_VIEWS) return [];
  return elementsOf(ev, 'form').flatMap((form) => {
    const button = submitButtonOf(ev, form);
    const submits = submitsOn(ev, form.selector);
    if (!button || submits.perView >= FORM_SUBMIT_BENCHMARK) return [];
    const pad = paddingOf(button.styles.padding);
    const { control, variant } = changedStyles(button, {
      backgroundColor: strongBackground(button.styles.backgroundColor),
      color: '#ffffff',
      fontSize: `${Math.max(16, px(button.styles.fontSize, 16))}px`,
      fontWeight: '700',
      padding: `${Math.max(14, Math.round(pad.v * 1.4))}px ${Math.max(28, Math.round(pad.h * 1.4))}px`,
    });
    if (Object.keys(variant).length === 0) return [];
    return [
      {
        rule: 'form-button' as const,
        title: `Make the ${button.text ? quote(button.text) + ' ' : ''}button of ${form.selector} unmistakable`,
        target: fromSnapshot(button),
        change_type: 'css' as const,
        control_value: JSON.stringify(control),
        variant_value: JSON.stringify(variant),
        n: ev.pageViews,
        events: submits.count,
        gap: shortfall(submits.perView, FORM_SUBMIT_BENCHMARK),
        maxLift: MAX_LIFT,
        controlKnown: true,
        evidence: [
          `${form.selector} was submitted ${count(submits.count, 'time')} in ${count(ev.pageViews, 'page view')}: ${pct(submits.perView)} against a ${pct(FORM_SUBMIT_BENCHMARK)} benchmark`,
          `its button ${button.selector} is ${button.styles.backgroundColor ?? 'unknown'} with ${button.styles.color ?? 'unknown'} text at ${button.styles.fontSize ?? 'unknown'}`,
        ],
      },
    ];
  });
};
