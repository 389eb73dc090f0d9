import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { SavedFunnel } from '../../../../contract/funnels.js';
import {
  stepsForUrl,
  stepValues,
  type FunnelDimension,
  type FunnelMode,
  type StepValue,
} from '../utils/funnel-search.js';
import { searchOfSaved } from '../utils/saved-definition.js';

/**
 * A step as the builder holds it: a page as typed, or with `goal` set (an id, '' until picked) one
 * of the property's goals. `key` keeps React's rows (and focus) attached while reordering.
 */
export interface DraftStep {
  key: number;
  page: string;
  goal?: string;
}

let lastKey = 0;
const toDraft = (values: StepValue[]): DraftStep[] =>
  (values.length ? values : ['']).map((v) =>
    typeof v === 'string' ? { key: ++lastKey, page: v } : { key: ++lastKey, page: '', goal: v.goal },
  );
/** The step as the URL and the checks take it. */
export const valueOf = (d: DraftStep): StepValue => (d.goal !== undefined ? { goal: d.goal } : d.page);
const urlKeyOf = (values: StepValue[]) => JSON.stringify(stepsForUrl(values) ?? []);

/**
 * The builder's steps, mode and breakdown, mirrored into the URL. Steps are typed into local state
 * (the router updates the URL asynchronously, which would move the caret while typing) and written to
 * the URL with `replace`, so typing does not fill the history. A URL change the builder did not make
 * (back button, a pasted link) replaces the draft.
 */
export function useFunnelDraft() {
  const search = useSearch({ from: '/funnels' });
  const navigate = useNavigate({ from: '/funnels' });
  const [draft, setDraft] = useState(() => toDraft(search.steps));
  const written = useRef(new Set<string>());
  const draftKey = urlKeyOf(draft.map(valueOf));
  const latestDraftKey = useRef(draftKey);
  const urlKey = JSON.stringify(search.steps);

  useEffect(() => {
    latestDraftKey.current = draftKey;
    if (draftKey === urlKey) return;
    written.current.add(draftKey);
    void navigate({ search: (prev) => ({ ...prev, steps: stepsForUrl(draft.map(valueOf)) }), replace: true });
    // Only a changed draft is written (not every value read above).
  }, [draftKey]);

  useEffect(() => {
    if (urlKey === latestDraftKey.current) {
      written.current.clear();
      return;
    }
    // The URL is catching up with something typed earlier: not a change from outside.
    if (written.current.has(urlKey)) return;
    setDraft(toDraft(search.steps));
    // Only a changed URL is read (not every value read above).
  }, [urlKey]);

  return {
    draft,
    setDraft,
    mode: search.mode,
    breakdownBy: search.breakdownBy,
    /** Whether the URL names no steps: nothing chosen yet, so the page may open a saved funnel. */
    nothingChosen: search.steps.length === 0 && draft.every((d) => d.goal === undefined && d.page === ''),
    /**
     * Replaces the whole funnel (a suggestion, a saved funnel) as a new history entry; `mode` too when
     * the funnel comes with one (a suggestion's counts are of pages viewed in order). The breakdown stays.
     */
    load(pages: string[], mode?: FunnelMode) {
      const next = toDraft(pages);
      written.current.add(urlKeyOf(pages));
      setDraft(next);
      void navigate({ search: (prev) => ({ ...prev, steps: stepsForUrl(pages), ...(mode ? { mode } : {}) }) });
    },
    /**
     * Opens a saved funnel: its steps, mode, breakdown and filters replace the builder's and the URL's
     * (the filters are the dashboard's segment, so the other reports show it too). `replace` when the
     * page opens one by itself, so Back does not land on the empty page that opened it again.
     */
    open(saved: SavedFunnel, opts: { replace?: boolean } = {}) {
      const values = stepValues(saved.steps);
      written.current.add(urlKeyOf(values));
      setDraft(toDraft(values));
      void navigate({ search: (prev) => ({ ...prev, ...searchOfSaved(saved) }), replace: opts.replace });
    },
    /** An empty builder for a new funnel, in any order and without a breakdown; the segment stays. */
    clear() {
      written.current.add(urlKeyOf([]));
      setDraft(toDraft([]));
      void navigate({
        search: (prev) => ({ ...prev, steps: undefined, mode: 'unbounded' as const, breakdownBy: undefined }),
      });
    },
    setMode: (mode: FunnelMode) => void navigate({ search: (prev) => ({ ...prev, mode }) }),
    setBreakdown: (breakdownBy: FunnelDimension | undefined) =>
      void navigate({ search: (prev) => ({ ...prev, breakdownBy }) }),
  };
}
