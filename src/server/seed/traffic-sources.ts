// Where the synthetic site's visitors come from (site-model.ts): referrers and campaigns, each with
// the pages its visitors land on.
import { weights, type Weighted } from './random.js';
import { page, type Page } from './site-model.js';
import { DOCS, FEATURES, POSTS, spread, zipf } from './site-paths.js';

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
