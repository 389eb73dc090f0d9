/*
 * css-selector-parser says where it stopped and what it expected ("Expected ID name. Pos: 1."): words
 * for a parser's author. A marketer typing a selector needs what is wrong with what they typed, so
 * each message the parser gives is turned into that, quoting the character it stopped at.
 */

/** Pseudo-classes people type most, for a "did you mean" after a typo (`:hovr`). */
const COMMON_PSEUDO_CLASSES = [
  'hover',
  'focus',
  'active',
  'visited',
  'link',
  'checked',
  'disabled',
  'enabled',
  'required',
  'empty',
  'root',
  'target',
  'first-child',
  'last-child',
  'only-child',
  'nth-child',
  'nth-last-child',
  'first-of-type',
  'last-of-type',
  'nth-of-type',
  'not',
  'has',
  'is',
  'where',
  'focus-within',
  'focus-visible',
  'placeholder-shown',
];

/** Edits (insert, delete, replace) turning `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

const COMBINATORS = ['>', '+', '~'];
const unclosed = (text: string, open: string, close: string) => text.split(open).length > text.split(close).length;

/** Why the selector stops early: a trailing combinator or comma, an open bracket or parenthesis. */
function endsEarly(selector: string): string {
  const text = selector.trim();
  const last = text.slice(-1);
  if (COMBINATORS.includes(last))
    return `it ends with “${last}”: name the element that comes after it, e.g. nav ${last} a`;
  if (last === ',') return 'it ends with a comma: add another selector after it, or remove the comma';
  if (unclosed(text, '[', ']')) return 'a “[” is not closed: end the attribute with “]”, e.g. [data-track="signup"]';
  if (unclosed(text, '(', ')')) return 'a “(” is not closed: end it with “)”';
  return 'it stops before the selector is complete';
}

/** What a character the parser did not expect means where it stands. */
function unexpected(selector: string, at: number, ch: string): string {
  const before = selector.slice(0, Math.max(0, at)).trim();
  const previous = before.slice(-1);
  if (COMBINATORS.includes(ch) || ch === ',') {
    const what = ch === ',' ? 'a comma' : `“${ch}”`;
    if (before === '')
      return `it cannot start with ${what}: name an element first, e.g. ${ch === ',' ? 'h1, h2' : `nav ${ch} a`}`;
    if (COMBINATORS.includes(previous) || previous === ',')
      return `“${previous}” and “${ch}” follow each other: put an element between them`;
  }
  if (ch === '{' || ch === '}') return 'braces belong to a CSS rule, not to a selector: give only the part before “{”';
  if (ch === '"' || ch === "'") return `a stray quote (${ch}): quotes go inside an attribute, e.g. [title="Sign up"]`;
  return `“${ch}” cannot appear there`;
}

/**
 * The parser's complaint (`message`, without its "Pos") about `selector` in words; `at` is where it
 * stopped (0-based, -1 when at the end).
 */
export function selectorErrorInWords(message: string, selector: string, at: number): string {
  const m = message.toLowerCase();
  const ch = at >= 0 ? selector[at] : undefined;
  const nameAfter = (sign: string, kind: string, example: string) => {
    if (ch !== undefined && /\d/.test(ch)) {
      const name = /^[\w-]+/.exec(selector.slice(at))?.[0] ?? ch;
      return `${kind === 'id' ? 'an id' : 'a class'} after “${sign}” cannot start with a digit: write [${kind === 'id' ? 'id' : 'class~'}="${name}"] instead`;
    }
    // At the end of the text the parser stops on the sign itself: nothing follows it.
    const atEnd = at === selector.length - 1 && ch === sign && selector[at - 1] !== sign;
    const found = ch === undefined || atEnd || /\s/.test(ch) ? 'nothing' : `“${ch}”`;
    return `“${sign}” must be followed by ${kind === 'id' ? 'an id' : 'a class'} name, e.g. ${example}, but ${found} follows it`;
  };
  if (m.startsWith('expected id name')) return nameAfter('#', 'id', '#signup');
  if (m.startsWith('expected class name')) return nameAfter('.', 'class', '.button');
  if (m.startsWith('expected attribute name'))
    return '“[” must be followed by an attribute name, e.g. [data-track] or [href="/signup"]';
  if (m.includes('attribute selector'))
    return 'an attribute selector is not finished: write it as [name] or [name="value"], closed by “]”';
  if (m.includes('end of input')) return endsEarly(selector);
  const found = /^expected (?:a selector|rule) but "(.+)" found/.exec(m);
  if (found) return unexpected(selector, at, found[1]!);
  const pseudo = /unknown pseudo-class: "(.+)"/i.exec(message);
  if (pseudo) {
    const name = pseudo[1]!;
    const near = COMMON_PSEUDO_CLASSES.map((p) => [p, editDistance(name.toLowerCase(), p)] as const).sort(
      (a, b) => a[1] - b[1],
    )[0]!;
    return `“:${name}” is not a pseudo-class browsers know${near[1] <= 2 ? ` (did you mean “:${near[0]}”?)` : ''}`;
  }
  if (m.startsWith('formula parse error'))
    return 'the parentheses of :nth-child() and its kin take a number or a formula such as 2n+1, odd or even';
  if (m.startsWith('namespaces are not enabled')) return '“|” (a namespace) cannot be used in a page’s selectors';
  return m;
}
