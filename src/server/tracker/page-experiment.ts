import type { Change, TrackerConfig } from '../../contract/experiments.js';

export type PageExperiment = TrackerConfig['experiments'][number];

/** An experiment as the server holds it: a stored record, or what a `configFor` hook answers (which may carry more). */
interface ExperimentLike {
  id: string;
  page: string;
  type: PageExperiment['type'];
  variants: readonly { changes?: Change[]; url?: string }[];
}

/**
 * Only what the page script needs to assign and apply: no names, labels, goals or figures reach
 * pages. The control (0) always stays on the page, so it is never a redirect. Both the embedded
 * config of `/sightline.js?p=` and `GET /api/tracker/config` are made by this one function.
 */
export function pageExperiment(e: ExperimentLike): PageExperiment {
  return {
    id: e.id,
    page: e.page,
    type: e.type,
    variants: e.variants.map((v, i) =>
      i === 0 || typeof v.url != 'string' ? { changes: v.changes ?? [] } : { url: v.url },
    ),
  };
}
