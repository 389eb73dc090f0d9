import { createParser, type AstRule } from 'css-selector-parser';
import { editDistance } from '../../../../contract/css-selector-words.js';
import type { PageElements } from '../../../../contract/page-elements.js';

type PageElement = PageElements['elements'][number];

const parse = createParser({
  syntax: { baseSyntax: 'latest', namespace: false, pseudoElements: { unknown: 'accept', notation: 'both' } },
});

/** What a selector's subject (its last compound: `a.docs` of `nav a.docs`) asks of an element. */
interface Subject {
  tag?: string;
  ids: string[];
  classes: string[];
  attributes: { name: string; value?: string }[];
}

function subjectsOf(selector: string): Subject[] | null {
  try {
    return parse(selector).rules.map((first) => {
      let rule: AstRule = first;
      while (rule.nestedRule) rule = rule.nestedRule;
      const s: Subject = { ids: [], classes: [], attributes: [] };
      for (const item of rule.items) {
        if (item.type === 'TagName') s.tag = item.name.toLowerCase();
        else if (item.type === 'Id') s.ids.push(item.name);
        else if (item.type === 'ClassName') s.classes.push(item.name);
        else if (item.type === 'Attribute')
          s.attributes.push({
            name: item.name,
            value: item.operator === '=' && item.value?.type === 'String' ? item.value.value : undefined,
          });
      }
      return s;
    });
  } catch {
    return null;
  }
}

const asksNothing = (s: Subject) => !s.tag && s.ids.length + s.classes.length + s.attributes.length === 0;

/**
 * Whether an element could be the typed subject, from what the snapshot knows of it: its tag, and
 * the id, classes and attributes its own selector names (the tracker names an element by its id when
 * it has a stable one, else by a data attribute or its rarest class).
 */
function couldBe(typed: Subject, element: PageElement): boolean {
  const known = subjectsOf(element.selector)?.[0] ?? { ids: [], classes: [], attributes: [] };
  if (typed.tag && typed.tag !== '*' && typed.tag !== element.tag.toLowerCase()) return false;
  if (!typed.ids.every((id) => known.ids.includes(id))) return false;
  if (!typed.classes.every((c) => known.classes.includes(c))) return false;
  return typed.attributes.every((a) =>
    known.attributes.some(
      (k) => k.name === a.name && (a.value === undefined || k.value === undefined || k.value === a.value),
    ),
  );
}

const squash = (s: string) => s.trim().replace(/\s+/g, ' ');

/**
 * Whether the snapshot shows an element `selector` could select: true, false, or null when it cannot
 * tell (no snapshot, a selector that does not parse, or one asking only for states like `:hover`).
 */
export function seenOnPage(selector: string, elements: readonly PageElement[]): boolean | null {
  const subjects = subjectsOf(selector);
  if (elements.length === 0 || !subjects || subjects.some(asksNothing)) return null;
  return elements.some((e) => squash(e.selector) === squash(selector) || subjects.some((s) => couldBe(s, e)));
}

/** The page's elements, the ones whose selector reads most like the typed one first (fewest edits). */
export function closestElements(selector: string, elements: readonly PageElement[], limit = 5): PageElement[] {
  const typed = squash(selector).toLowerCase();
  const distance = (e: PageElement) => {
    const own = e.selector.toLowerCase();
    // A selector that contains the typed text (or the reverse) is nearer than any number of edits says.
    return own.includes(typed) || typed.includes(own) ? -1 : editDistance(typed, own);
  };
  return elements
    .map((e, i) => ({ e, d: distance(e), i }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.e);
}
