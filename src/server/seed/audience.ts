// Who the synthetic site's visitors are (site-model.ts): countries, devices and their browsers, bots.
import { weights, type Weighted } from './random.js';

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
