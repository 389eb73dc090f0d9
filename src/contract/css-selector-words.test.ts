import { describe, expect, it } from 'vitest';
import { selectorProblem } from './css-selector.js';
import { editDistance } from './css-selector-words.js';

// What a person typing a selector reads: what is wrong with what they typed, never the parser's
// "expected ID name (at character 2)" (issue 13 §14).
const said: [string, string][] = [
  ['', 'Required'],
  ['   ', 'Required'],
  ['#', '“#” must be followed by an id name, e.g. #signup, but nothing follows it'],
  ['a#', '“#” must be followed by an id name, e.g. #signup, but nothing follows it'],
  ['##', '“#” must be followed by an id name, e.g. #signup, but “#” follows it'],
  ['a. b', '“.” must be followed by a class name, e.g. .button, but nothing follows it'],
  ['#1abc', 'an id after “#” cannot start with a digit: write [id="1abc"] instead'],
  ['.2col', 'a class after “.” cannot start with a digit: write [class~="2col"] instead'],
  ['a[', '“[” must be followed by an attribute name, e.g. [data-track] or [href="/signup"]'],
  ['a[href', 'an attribute selector is not finished: write it as [name] or [name="value"], closed by “]”'],
  ['a[href=', 'a “[” is not closed: end the attribute with “]”, e.g. [data-track="signup"]'],
  ['a:not(', 'a “(” is not closed: end it with “)”'],
  ['nav +', 'it ends with “+”: name the element that comes after it, e.g. nav + a'],
  ['h1, h2,', 'it ends with a comma: add another selector after it, or remove the comma'],
  [',h1', 'it cannot start with a comma: name an element first, e.g. h1, h2'],
  ['~ p', 'it cannot start with “~”: name an element first, e.g. nav ~ a'],
  ['a + ~ b', '“+” and “~” follow each other: put an element between them'],
  ['h1 { color: red }', 'braces belong to a CSS rule, not to a selector: give only the part before “{”'],
  ['button"', 'a stray quote ("): quotes go inside an attribute, e.g. [title="Sign up"]'],
  ['a@b', '“@” cannot appear there'],
  ['a:focuss', '“:focuss” is not a pseudo-class browsers know (did you mean “:focus”?)'],
  ['a:frobnicate', '“:frobnicate” is not a pseudo-class browsers know'],
  [
    'li:nth-child(x)',
    'the parentheses of :nth-child() and its kin take a number or a formula such as 2n+1, odd or even',
  ],
];

describe('selector problems in words', () => {
  it.each(said)('%j', (selector, words) => {
    expect(selectorProblem(selector)).toBe(words === 'Required' ? words : `not a valid CSS selector: ${words}`);
  });

  it('never passes on the parser’s position or jargon', () => {
    for (const [selector] of said)
      expect(selectorProblem(selector)).not.toMatch(
        /Pos:|at character|expected (ID|class|attribute) name|end of input|expected rule/i,
      );
  });

  it('counts edits for its suggestions', () => {
    expect(editDistance('hovr', 'hover')).toBe(1);
    expect(editDistance('frist-child', 'first-child')).toBe(2);
    expect(editDistance('', 'has')).toBe(3);
  });
});
