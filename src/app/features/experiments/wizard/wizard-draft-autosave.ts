import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CreateExperimentBody } from '../../../../contract/experiments.js';
import { isBlankDraft, serializeDraft, type WizardDraft } from './wizard-draft.js';
import type { WizardValues } from './wizard-form.js';

/** Long enough to skip most keystrokes, short enough that a reload right after typing rarely misses one. */
const DEBOUNCE_MS = 300;

/** sessionStorage can refuse (quota, storage disabled): the wizard still works, only without a draft. */
function store(key: string, draft: WizardDraft) {
  try {
    if (isBlankDraft(draft)) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, serializeDraft(draft));
  } catch {
    // nothing to do: the form on screen is unaffected
  }
}

/**
 * Writes the form's values and the chosen recommendations to sessionStorage under `key` a moment
 * after each change, and at once when the tab is hidden or the wizard unmounts (so a quick reload
 * or a link away keeps the last keystroke). `clear` forgets the draft and any write still pending.
 */
export function useDraftAutosave(
  form: UseFormReturn<WizardValues, unknown, CreateExperimentBody>,
  chosen: WizardDraft['chosen'],
  key: string,
) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ key, chosen });
  latest.current = { key, chosen };

  const flush = useCallback(() => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    store(latest.current.key, { values: form.getValues(), chosen: latest.current.chosen });
  }, [form]);

  const schedule = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(flush, DEBOUNCE_MS);
  }, [flush]);

  useEffect(() => {
    const subscription = form.watch(() => schedule());
    window.addEventListener('pagehide', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [form, schedule, flush]);

  // Ticking a recommendation changes no form value; it is part of the draft all the same.
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) schedule();
    mounted.current = true;
  }, [chosen, schedule]);

  const clear = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    try {
      sessionStorage.removeItem(latest.current.key);
    } catch {
      // storage unavailable: there was nothing stored either
    }
  }, []);

  return { clear };
}
