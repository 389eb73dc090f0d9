// The synthetic website behind `seed` and the demo: Sightline's own marketing site. Weights are
// picked so the demo's reports tell a story (a visible signup funnel, blog posts that rank but
// bounce, a pricing page that converts) rather than flat noise. This file has the pages and what a
// signup pays; page-specs.ts what each page does, traffic-sources.ts where visitors come from,
// audience.ts who they are.
import { weights, type Weighted } from './random.js';
import { PATHS, spec } from './page-specs.js';

export type PageKind =
  | 'home'
  | 'pricing'
  | 'features'
  | 'feature'
  | 'blog'
  | 'post'
  | 'docs'
  | 'signup'
  | 'complete'
  | 'contact'
  | 'about'
  | 'login';

export interface ClickTarget {
  target: string;
  href?: string;
}

/** What a site reports of its own with `sightline.track`/`sightline.revenue` after a form is sent. */
export interface SiteEvent {
  name: string;
  props: Record<string, string>;
  /** A payment that comes with it (revenue event), in one currency. */
  payment?: { amount: number; currency: string };
}

/** The plans a signup picks, with their monthly price; paid signups pay at once about half the time. */
export const signupPlans: Weighted<{ plan: string; usd: number }> = weights([
  [{ plan: 'pro', usd: 29 }, 45],
  [{ plan: 'starter', usd: 9 }, 35],
  [{ plan: 'free', usd: 0 }, 20],
]);
export const PAYS_AT_SIGNUP = 0.5;
/** Share of payments made in euros (the rest in US dollars, at the same list prices). */
export const EURO_SHARE = 0.25;

export interface PageForm {
  target: string;
  source: string;
  /** Share of this page's views that submit the form. */
  rate: number;
  /** The button a submitting visitor clicks, sent as a click just before the submission. */
  button: string;
  /** Where a submission lands (a redirect, so the next page view is certain), if on this site. */
  then?: string;
  /** The submission takes the visitor off the site (into the app), ending the session. */
  leaves?: boolean;
}

export interface Page {
  path: string;
  kind: PageKind;
  /** Chance the session ends here when this is the entry page (drives bounce rate). */
  bounce: number;
  /** Chance the session ends here later in the session. */
  exit: number;
  next: Weighted<Page>;
  targets: Weighted<ClickTarget>;
  form?: PageForm;
  /** Triangular scroll-depth range: long articles get read further than a landing page. */
  scroll: readonly [number, number];
  /** Skew of time-on-page in 10–200 s: higher means quicker visits (u^skew). */
  dwellSkew: number;
}

/** Every page, by path. Built in two passes because transitions point at pages defined later. */
export const pages: ReadonlyMap<string, Page> = (() => {
  const specs = new Map(PATHS.map((p) => [p, spec(p)]));
  const map = new Map<string, Page>();
  for (const [path, s] of specs) {
    const targets = weights(s.targets.map(([target, w, href]) => [href ? { target, href } : { target }, w] as const));
    map.set(path, {
      path,
      kind: s.kind,
      bounce: s.bounce,
      exit: s.exit,
      form: s.form,
      scroll: s.scroll,
      dwellSkew: s.dwellSkew,
      targets,
      next: null!,
    });
  }
  for (const [path, s] of specs) {
    const page = map.get(path)!;
    page.next = weights(s.next.map(([p, w]) => [map.get(p) ?? fail(p), w] as const));
    if (page.form?.then && !map.has(page.form.then)) fail(page.form.then);
  }
  return map;
})();

function fail(path: string): never {
  throw new Error(`site model links to unknown page ${path}`);
}

export const pageList: readonly Page[] = [...pages.values()];
export const page = (path: string): Page => pages.get(path) ?? fail(path);
