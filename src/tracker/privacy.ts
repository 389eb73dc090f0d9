// Crawlers, monitors and scripted browsers announce themselves in the user agent; these words cover
// the common ones without a list the size of isbot's (the server still flags what slips through).
const BOT_AGENT =
  /bot|crawl|spider|slurp|headless|lighthouse|phantom|puppeteer|playwright|selenium|prerender|preview|facebookexternalhit/i;

/** Whether the tracker must do nothing at all: the visitor opted out, or this is not a person's browser. */
export function trackingRefused(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const ua = nav.userAgent;
  return (
    nav.doNotTrack == '1' ||
    (window as Window & { doNotTrack?: string }).doNotTrack == '1' ||
    nav.globalPrivacyControl === true ||
    nav.webdriver === true ||
    // "Cubot" is a phone maker, not a bot.
    (BOT_AGENT.test(ua) && !/cubot/i.test(ua))
  );
}
