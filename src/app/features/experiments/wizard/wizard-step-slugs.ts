/**
 * The wizard's steps as they read in the URL (`?step=goal`), in order. Kept free of imports so the
 * route can validate its search without pulling the wizard into the main bundle.
 */
export const WIZARD_STEP_SLUGS = ['page', 'recommendations', 'changes', 'goal', 'review'] as const;
export type WizardStepSlug = (typeof WIZARD_STEP_SLUGS)[number];
