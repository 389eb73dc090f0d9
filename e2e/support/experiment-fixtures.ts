import type { TrackerExperiment } from '../../src/contract/experiments.js';
import { SYNC_TAG, visitorIn } from './experiment-harness.js';

// What the experiment browser tests share: the demo pricing page's call to action and its test.
export const CTA = '#cta-start-trial';
export const GREEN = 'rgb(22, 163, 74)';
export const WHITE = 'rgb(255, 255, 255)';
export const NEW_TEXT = 'Start your 14-day trial';
/** The demo pricing page's call to action: new text, green with white letters (the control is white). */
export const CTA_TEST = {
  id: 'exp_cta',
  page: '/demo/pricing',
  type: 'nocode',
  variants: [
    { changes: [] },
    {
      changes: [
        { selector: CTA, op: 'text', value: NEW_TEXT },
        { selector: CTA, op: 'css', value: { backgroundColor: GREEN, color: WHITE } },
      ],
    },
  ],
} satisfies TrackerExperiment;
export const IN_VARIANT = visitorIn(['exp_cta', 2, 1]);
export const IN_CONTROL = visitorIn(['exp_cta', 2, 0]);
/** Cuts the pricing page in the middle of the call to action's text. */
export const MID_CTA = 'plan=pro">Start free';

export const page = (html: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${SYNC_TAG}<title>test</title></head><body>${html}</body></html>`;
