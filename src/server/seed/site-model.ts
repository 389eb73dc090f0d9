// The synthetic website behind `seed` and the demo: Sightline's own marketing site. Weights are
// picked so the demo's reports tell a story (a visible signup funnel, blog posts that rank but
// bounce, a pricing page that converts) rather than flat noise.
import { weights, type Weighted } from './random.js';

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

const FEATURES = ['funnels', 'split-tests', 'click-maps', 'form-analytics', 'privacy'].map((f) => `/features/${f}`);
const POSTS = [
  'cookieless-analytics-explained',
  'introducing-split-tests',
  'self-hosting-on-a-5-dollar-vps',
  'duckdb-for-event-data',
  'ab-testing-without-flicker',
  'reading-funnels-right',
  'gdpr-and-analytics',
  'bounce-rate-myths',
  'utm-tagging-guide',
  'migrating-from-google-analytics',
  'statistical-significance-for-humans',
  'clickhouse-vs-duckdb',
].map((s) => `/blog/${s}`);
const DOCS = ['getting-started', 'installation', 'tracker', 'experiments', 'api', 'self-hosting'].map(
  (d) => `/docs/${d}`,
);

// Popularity falls off like search rankings do: a couple of posts bring most of the readers.
const zipf = (paths: string[], total: number): [string, number][] => {
  const norm = paths.reduce((s, _, i) => s + 1 / (i + 1), 0);
  return paths.map((p, i) => [p, total / (i + 1) / norm]);
};
const spread = (paths: string[], total: number): [string, number][] => paths.map((p) => [p, total / paths.length]);

const nav: [string, number, string?][] = [
  ['header a.logo', 2, '/'],
  ['nav > a.pricing-link', 3, '/pricing'],
  ['nav > a.docs-link', 3, '/docs'],
  ['nav > a.blog-link', 2, '/blog'],
  ['nav > a.login-link', 2, '/login'],
  ['footer a[href*="github.com"]', 1, 'https://github.com/sightline-analytics/sightline'],
];

interface Spec {
  kind: PageKind;
  bounce: number;
  exit: number;
  next: [string, number][];
  targets: [string, number, string?][];
  form?: PageForm;
  scroll: [number, number];
  dwellSkew: number;
}

const newsletter: PageForm = { target: '#newsletter', source: 'newsletter', rate: 0.03, button: 'button.subscribe' };

function spec(path: string): Spec {
  if (path === '/')
    return {
      kind: 'home',
      bounce: 0.34,
      exit: 0.3,
      scroll: [0.1, 0.95],
      dwellSkew: 2.2,
      next: [
        ['/pricing', 35],
        ['/features', 18],
        ['/blog', 8],
        ['/docs', 8],
        ['/signup', 8],
        ['/login', 8],
        ['/about', 5],
        ['/contact', 2],
        ...spread(FEATURES, 6),
      ],
      targets: [
        ['#cta-start-trial', 8, '/signup'],
        ['a.hero-secondary', 5, '/features'],
        ['[data-track="home-demo-video"]', 4],
        ['section.features a.feature-card', 3, '/features/funnels'],
        ...nav,
      ],
    };
  if (path === '/pricing')
    return {
      kind: 'pricing',
      bounce: 0.4,
      exit: 0.33,
      scroll: [0.25, 1],
      dwellSkew: 1.6,
      next: [
        ['/signup', 32],
        ['/features', 10],
        ['/contact', 8],
        ['/', 8],
        ['/docs', 6],
        ['/login', 4],
        ['/about', 2],
      ],
      targets: [
        ['[data-track="pricing-pro"]', 9, '/signup?plan=pro'],
        ['[data-track="pricing-starter"]', 6, '/signup?plan=starter'],
        ['[data-track="pricing-enterprise"]', 3, '/contact'],
        ['button.billing-toggle', 5],
        ['details.faq > summary', 4],
        ...nav,
      ],
    };
  if (path === '/features')
    return {
      kind: 'features',
      bounce: 0.42,
      exit: 0.3,
      scroll: [0.2, 1],
      dwellSkew: 1.7,
      next: [['/pricing', 35], ...spread(FEATURES, 30), ['/signup', 10], ['/docs', 8], ['/', 5]],
      targets: [['a.feature-card', 8, '/features/split-tests'], ['#cta-start-trial', 5, '/signup'], ...nav],
    };
  if (path.startsWith('/features/'))
    return {
      kind: 'feature',
      bounce: 0.48,
      exit: 0.35,
      scroll: [0.2, 1],
      dwellSkew: 1.5,
      next: [
        ['/pricing', 30],
        ['/features', 15],
        ['/signup', 12],
        ['/docs', 10],
        ...spread(
          FEATURES.filter((f) => f !== path),
          10,
        ),
        ['/', 5],
      ],
      targets: [
        ['#cta-start-trial', 6, '/signup'],
        ['a.see-docs', 4, '/docs/experiments'],
        ['button.play-demo', 3],
        ...nav,
      ],
    };
  if (path === '/blog')
    return {
      kind: 'blog',
      bounce: 0.35,
      exit: 0.25,
      scroll: [0.2, 1],
      dwellSkew: 2,
      form: { ...newsletter, rate: 0.02 },
      next: [...zipf(POSTS, 75), ['/', 5], ['/features', 5]],
      targets: [['article.post-card > a', 10, POSTS[0]], ['button.load-more', 3], ...nav],
    };
  if (path.startsWith('/blog/'))
    return {
      kind: 'post',
      bounce: 0.57,
      exit: 0.5,
      scroll: [0.2, 1],
      dwellSkew: 1.1,
      form: newsletter,
      next: [
        ['/features', 22],
        ['/blog', 18],
        ...zipf(
          POSTS.filter((p) => p !== path),
          14,
        ),
        ['/pricing', 10],
        ['/', 10],
        ['/docs', 5],
        ['/signup', 4],
      ],
      targets: [
        ['a.post-cta', 5, '/features'],
        ['article a[href^="https://"]', 4, 'https://duckdb.org/docs/'],
        ['aside a.related-post', 4, POSTS[2]],
        ['a.share-twitter', 2, 'https://twitter.com/intent/tweet'],
        ['button.copy-link', 2],
        ...nav,
      ],
    };
  if (path === '/docs' || path.startsWith('/docs/'))
    return {
      kind: 'docs',
      bounce: 0.42,
      exit: 0.35,
      scroll: [0.1, 1],
      dwellSkew: 1.3,
      next: [
        ...spread(
          DOCS.filter((d) => d !== path),
          50,
        ),
        ['/pricing', 8],
        ['/signup', 8],
        ['/login', 6],
        ['/', 5],
      ],
      targets: [
        ['nav.docs-sidebar > a', 8, '/docs/tracker'],
        ['button.copy-code', 7],
        ['a.github-link', 3, 'https://github.com/sightline-analytics/sightline'],
        ...nav,
      ],
    };
  if (path === '/signup')
    return {
      kind: 'signup',
      bounce: 0.5,
      exit: 0.55,
      scroll: [0.5, 1],
      dwellSkew: 1.4,
      form: {
        target: '#signup-form',
        source: 'signup',
        rate: 0.3,
        button: '#signup-form button[type="submit"]',
        then: '/signup/complete',
      },
      next: [
        ['/pricing', 20],
        ['/login', 10],
        ['/', 5],
        ['/features', 5],
      ],
      targets: [
        ['a.login-instead', 4, '/login'],
        ['button.oauth-github', 3],
        ['label.terms a', 1, '/terms'],
      ],
    };
  if (path === '/signup/complete')
    return {
      kind: 'complete',
      bounce: 0.6,
      exit: 0.55,
      scroll: [0.6, 1],
      dwellSkew: 2.5,
      next: [
        ['/docs/getting-started', 40],
        ['/docs/installation', 20],
        ['/docs/tracker', 10],
      ],
      targets: [
        ['[data-track="install-snippet-copy"]', 8],
        ['a.open-dashboard', 6, 'https://app.sightline.dev/'],
        ['a.read-guide', 4, '/docs/getting-started'],
      ],
    };
  if (path === '/contact')
    return {
      kind: 'contact',
      bounce: 0.55,
      exit: 0.65,
      scroll: [0.3, 1],
      dwellSkew: 1.3,
      form: { target: '#contact-form', source: 'contact', rate: 0.25, button: '#contact-form button[type="submit"]' },
      next: [
        ['/', 10],
        ['/pricing', 10],
        ['/about', 5],
      ],
      targets: [['a[href^="mailto:"]', 4, 'mailto:hello@sightline.dev'], ...nav],
    };
  if (path === '/about')
    return {
      kind: 'about',
      bounce: 0.5,
      exit: 0.5,
      scroll: [0.2, 1],
      dwellSkew: 1.6,
      next: [
        ['/contact', 20],
        ['/', 15],
        ['/pricing', 15],
        ['/blog', 10],
      ],
      targets: [
        ['a.careers-link', 3, 'https://jobs.sightline.dev/'],
        ['a.team-linkedin', 2, 'https://www.linkedin.com/company/sightline'],
        ...nav,
      ],
    };
  if (path === '/login')
    return {
      kind: 'login',
      bounce: 0.3,
      exit: 0.8,
      scroll: [0.6, 1],
      dwellSkew: 3,
      form: {
        target: '#login-form',
        source: 'login',
        rate: 0.55,
        button: '#login-form button[type="submit"]',
        leaves: true,
      },
      next: [
        ['/signup', 15],
        ['/docs', 10],
        ['/', 5],
      ],
      targets: [
        ['a.forgot-password', 3, '/login/reset'],
        ['a.signup-instead', 3, '/signup'],
      ],
    };
  throw new Error(`no page model for ${path}`);
}

const PATHS = [
  '/',
  '/pricing',
  '/features',
  ...FEATURES,
  '/blog',
  ...POSTS,
  '/docs',
  ...DOCS,
  '/signup',
  '/signup/complete',
  '/contact',
  '/about',
  '/login',
];

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
const entryTable = (pairs: [string, number][]): Weighted<Page> => weights(pairs.map(([p, w]) => [page(p), w] as const));

export interface TrafficSource {
  referrer?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  /** Where visitors from this source land: search and social land on articles, ads on money pages. */
  entry: Weighted<Page>;
}

const src = (
  weight: number,
  entry: [string, number][],
  referrer?: string,
  utm?: [string, string, string],
): [TrafficSource, number] => [
  {
    ...(referrer && { referrer }),
    ...(utm && { utm_source: utm[0], utm_medium: utm[1], utm_campaign: utm[2] }),
    entry: entryTable(entry),
  },
  weight,
];
const organic: [string, number][] = [
  ...zipf(POSTS, 55),
  ['/', 15],
  ['/docs', 6],
  ...spread(DOCS, 10),
  ...spread(FEATURES, 8),
  ['/pricing', 6],
];
const social: [string, number][] = [...zipf(POSTS, 80), ['/', 15], ['/features/split-tests', 5]];

export const sources: Weighted<TrafficSource> = weights([
  src(30, [
    ['/', 55],
    ['/login', 15],
    ['/pricing', 10],
    ['/docs', 10],
    ['/blog', 5],
    ['/signup', 5],
  ]),
  src(22, organic, 'https://www.google.com/'),
  src(3, organic, 'https://www.bing.com/'),
  src(2, organic, 'https://duckduckgo.com/'),
  src(4, social, 'https://twitter.com/'),
  src(3, [...social, ['/about', 10]], 'https://www.linkedin.com/'),
  src(4, social, 'https://news.ycombinator.com/'),
  src(2, social, 'https://www.reddit.com/'),
  src(
    3,
    [
      ['/', 40],
      ['/docs', 30],
      ['/docs/self-hosting', 30],
    ],
    'https://github.com/',
  ),
  src(
    5,
    [
      ['/blog/introducing-split-tests', 70],
      ['/features/split-tests', 30],
    ],
    undefined,
    ['newsletter', 'email', 'spring_launch'],
  ),
  src(
    6,
    [
      ['/', 70],
      ['/pricing', 30],
    ],
    'https://www.google.com/',
    ['google', 'cpc', 'brand'],
  ),
  src(
    4,
    [
      ['/pricing', 75],
      ['/signup', 25],
    ],
    'https://www.facebook.com/',
    ['facebook', 'paid_social', 'retargeting'],
  ),
]);

/** `null` is a visitor whose address has no country (VPNs, unmapped ranges). */
export const countries: Weighted<string | null> = weights<string | null>([
  ['US', 30],
  ['GB', 9],
  ['DE', 9],
  ['IN', 8],
  ['FR', 5],
  ['CA', 5],
  ['BR', 4],
  ['NL', 3.5],
  ['ES', 3],
  ['AU', 3],
  ['JP', 2.5],
  ['IT', 2.5],
  ['SE', 2],
  ['PL', 2],
  ['MX', 2],
  ['CH', 1.5],
  ['KR', 1.5],
  ['SG', 1.5],
  [null, 5],
]);

export type Device = 'desktop' | 'mobile' | 'tablet';
export const devices: Weighted<Device> = weights<Device>([
  ['desktop', 58],
  ['mobile', 36],
  ['tablet', 6],
]);
/** Share of page views sent without `device`, so the store's user-agent fallback gets exercised. */
export const deviceMissing = 0.02;

// Ordinary browsers, none of which `isbot` flags (the tests check).
export const userAgents: Record<Device, Weighted<string>> = {
  desktop: weights([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      40,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      20,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      12,
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      12,
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', 9],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 7],
  ]),
  mobile: weights([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      45,
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      35,
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      12,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      8,
    ],
  ]),
  tablet: weights([
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      70,
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Safari/537.36',
      30,
    ],
  ]),
};

/** Share of sessions that are crawlers; real ones, so the store's bot filter has something to catch. */
export const botShare = 0.015;
export const botAgents: Weighted<string> = weights([
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 35],
  [
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    20,
  ],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 20],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 15],
  ['Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', 10],
]);
