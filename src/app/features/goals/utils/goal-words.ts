import type { GoalDefinition, GoalKind } from '../../../../contract/goals.js';

/** The kinds as the form offers them and the tables name them. */
export const GOAL_KIND_LABELS: Record<GoalKind, string> = {
  page: 'Page visit',
  event: 'Custom event',
  click: 'Click',
  form: 'Form submission',
};

const onPage = (page: string | undefined) => (page ? ` on ${page}` : '');

/**
 * What a goal counts, in a line: "Visit /blog/**", "Event Signup", "Click #cta on /pricing",
 * "Form signup". A form goal names its selector, its source in brackets beside a selector, and says
 * "Any form" when nothing narrows it.
 */
export function goalDefinitionWords(g: GoalDefinition): string {
  switch (g.kind) {
    case 'page':
      return `Visit ${g.page}`;
    case 'event':
      return `Event ${g.event}`;
    case 'click':
      return `Click ${g.target}${onPage(g.page)}`;
    case 'form': {
      const which = g.target && g.source ? `${g.target} (${g.source})` : (g.target ?? g.source);
      return `${which ? `Form ${which}` : 'Any form'}${onPage(g.page)}`;
    }
  }
}
