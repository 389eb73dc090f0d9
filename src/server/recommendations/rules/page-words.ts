import type { SnapshotElement } from '../../store/store.js';

/** Labels that say "do something" without saying what: the visitor has to guess what happens next. */
const GENERIC = new Set([
  'submit',
  'send',
  'go',
  'ok',
  'click',
  'click here',
  'click me',
  'here',
  'learn more',
  'read more',
  'find out more',
  'see more',
  'more',
  'details',
  'more details',
  'continue',
  'next',
]);

const STOP = new Set(
  (
    'a an and are as at be but by for from has have in into is it its of on or our so than that the their this to ' +
    'was we were what when which who why will with you your us my more most very just all any can get'
  ).split(' '),
);

const GREETING = /^(welcome|hello|hi|hey|introducing|meet)\b/i;

const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const isGeneric = (text: string) => GENERIC.has(norm(text));

/**
 * Intents a page can announce through a link's destination, its path or its heading, each with the
 * label that says what the click does. Ordered from the most to the least specific commitment.
 */
const INTENTS: [RegExp, string][] = [
  [/\bdemo\b/, 'Book my demo'],
  [/\btrial\b/, 'Start my trial'],
  [/\b(sign ?up|register|join|account)\b/, 'Create my account'],
  [/\b(pricing|plans?|prices?)\b/, 'Compare plans'],
  [/\b(contact|sales|quote)\b/, 'Talk to our team'],
  [/\b(newsletter|subscribe)\b/, 'Subscribe to the newsletter'],
  [/\bdownload\b/, 'Download now'],
  [/\b(docs|documentation|guide|tutorial)\b/, 'Read the guide'],
];

/** `/docs/getting-started` → `docs getting started`; a full URL keeps only its path. */
function pathWords(path: string | undefined): string {
  if (!path) return '';
  let p = path;
  try {
    p = new URL(path, 'http://x').pathname;
  } catch {
    // not a URL: read it as a path
  }
  return norm(p.replace(/[/_-]+/g, ' '));
}

/** The first `n` content words of a text, in its own spelling. */
export function topicWords(text: string, n: number): string[] {
  return text
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((w) => w.length > 2 && !STOP.has(w.toLowerCase()))
    .slice(0, n)
    .map((w) => (w === w.toUpperCase() ? w : w.toLowerCase()));
}

/** The page's main heading: its first h1, else its first heading of any level. */
export function mainHeading(elements: SnapshotElement[]): SnapshotElement | null {
  const headings = elements.filter((e) => e.kind === 'heading' && e.text.trim());
  return headings.find((e) => e.tag === 'h1') ?? headings[0] ?? null;
}

/**
 * A concrete label for a call to action: the intent named by where it leads, else by the page's path,
 * else by its heading; failing all, "Explore" + the heading's first two content words.
 */
export function actionLabel(el: { href?: string }, page: string, heading: string | null): string | null {
  for (const source of [pathWords(el.href), pathWords(page), norm(heading ?? '')]) {
    const hit = INTENTS.find(([re]) => re.test(source));
    if (hit) return hit[1];
  }
  const topic = topicWords(heading ?? '', 2).join(' ') || pathWords(page).split(' ').slice(-2).join(' ');
  return topic ? `Explore ${topic}` : null;
}

/**
 * A shorter headline from the current one: greetings ("Welcome to Acme —") dropped in favour of the
 * clause that says what the visitor gets, cut to `maxWords` without ending on a filler word.
 */
export function shorterHeadline(text: string, maxWords = 8): string {
  const segments = text
    .split(/\s+[—–|-]\s+|:\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const chosen = segments.find((s) => !GREETING.test(s)) ?? segments[0] ?? '';
  let words = chosen
    .replace(/[.!?…]+$/u, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length > maxWords) {
    words = words.slice(0, maxWords);
    while (words.length > 1 && STOP.has(words[words.length - 1].toLowerCase().replace(/[^\p{L}]/gu, ''))) words.pop();
    words[words.length - 1] = words[words.length - 1].replace(/[,;]+$/, '');
  }
  const out = words.join(' ');
  return out.charAt(0).toUpperCase() + out.slice(1);
}
