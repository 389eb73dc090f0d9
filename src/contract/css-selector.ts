import { createParser, type AstRule, type AstSelector } from 'css-selector-parser';
import { selectorErrorInWords } from './css-selector-words.js';

/*
 * The page script runs a change's selector through querySelectorAll and silently skips one the
 * browser refuses, so a test with such a selector measures nothing. The parser knows the standard
 * pseudo-classes (a typo like `:hovr` is refused, as browsers do) and is strict about unclosed
 * brackets and strings; namespaces are off because a page has no @namespace for them.
 */
const parse = createParser({
  syntax: { baseSyntax: 'latest', namespace: false, pseudoElements: { unknown: 'accept', notation: 'both' } },
  strict: true,
});

/** What the parser accepts but a browser's querySelectorAll refuses, or a test cannot change. */
function astProblem(selector: AstSelector, insideHas = false): string | null {
  for (const first of selector.rules) {
    for (let rule: AstRule | undefined = first; rule; rule = rule.nestedRule) {
      if (rule.combinator === '||') return 'not a valid CSS selector: browsers do not support the || combinator';
      for (const item of rule.items) {
        if (item.type === 'PseudoElement') {
          return `a test cannot change a pseudo-element (::${item.name}): select the element itself`;
        }
        if (item.type !== 'PseudoClass' || item.argument?.type !== 'Selector') continue;
        if (insideHas && item.name === 'has') return 'not a valid CSS selector: :has() cannot be nested in :has()';
        const inner = astProblem(item.argument, insideHas || item.name === 'has');
        if (inner) return inner;
      }
    }
  }
  return null;
}

/** Why `selector` cannot select elements for a change, in words, or null when it can. */
export function selectorProblem(selector: string): string | null {
  // A blank selector is a field not filled in, like every other blank required field.
  if (selector.trim() === '') return 'Required';
  let ast: AstSelector;
  try {
    ast = parse(selector);
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const [, words = raw, pos = '-1'] =
      /^(?:css-selector-parser parse error: )?(.*?)\.?(?: Pos: (-?\d+)\.)?$/.exec(raw) ?? [];
    return `not a valid CSS selector: ${selectorErrorInWords(words, selector, Number(pos))}`;
  }
  return astProblem(ast);
}

/**
 * The element names a selector list selects by (the tag of each rule's last compound, lower case), or
 * null when it does not parse. `.x`, `*` and `[id]` name none: the page script checks what they find.
 */
export function selectedTagNames(selector: string): string[] | null {
  let ast: AstSelector;
  try {
    ast = parse(selector);
  } catch {
    return null;
  }
  const names: string[] = [];
  for (const first of ast.rules) {
    let rule: AstRule = first;
    while (rule.nestedRule) rule = rule.nestedRule;
    for (const item of rule.items) if (item.type === 'TagName') names.push(item.name.toLowerCase());
  }
  return names;
}
