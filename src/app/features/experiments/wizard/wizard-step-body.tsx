import type { Recommendation } from '../../../../contract/recommendations.js';
import { WizardChangesStep } from './wizard-changes-step.js';
import { WizardGoalStep } from './wizard-goal-step.js';
import { WizardPageStep } from './wizard-page-step.js';
import { WizardRecommendationsStep } from './wizard-recommendations-step.js';
import { WizardReviewStep } from './wizard-review-step.js';
import { STEP } from './wizard-steps.js';
import { type ReportScope } from '../../../lib/report-scope.js';

interface Props {
  step: number;
  scope: ReportScope;
  page: string;
  chosen: readonly Recommendation[];
  onChosenChange(recs: Recommendation[]): void;
}

/** The inputs of the current step; the others unmount, their values stay in the form. */
export function WizardStepBody({ step, scope, page, chosen, onChosenChange }: Props) {
  switch (step) {
    case STEP.page:
      return <WizardPageStep scope={scope} />;
    case STEP.recommendations:
      return <WizardRecommendationsStep scope={scope} page={page} chosen={chosen} onChosenChange={onChosenChange} />;
    case STEP.changes:
      return <WizardChangesStep scope={scope} />;
    case STEP.goal:
      return <WizardGoalStep scope={scope} />;
    default:
      return <WizardReviewStep scope={scope} />;
  }
}
