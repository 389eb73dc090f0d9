// What each page of the synthetic site (site-model.ts) does: where visitors go next, what they click,
// which form they send, how far they scroll and how long they stay.
import type { PageForm, PageKind } from './site-model.js';
import { DOCS, FEATURES, POSTS, spread, zipf } from './site-paths.js';

const nav: [string, number, string?][] = [
  ['header a.logo', 2, '/'],
  ['nav > a.pricing-link', 3, '/pricing'],
  ['nav > a.docs-link', 3, '/docs'],
  ['nav > a.blog-link', 2, '/blog'],
  ['nav > a.login-link', 2, '/login'],
  ['footer a[href*="github.com"]', 1, 'https://github.com/sightline-analytics/sightline'],
];

export interface Spec {
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

export function spec(path: string): Spec {
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

export const PATHS = [
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
