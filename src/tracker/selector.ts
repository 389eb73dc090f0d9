// A click report groups by selector, so selectors must survive deploys (no generated ids or
// classes, no positions when avoidable) and read well in a table.
const DATA_ATTRIBUTES = ['data-track', 'data-testid', 'data-test', 'data-cy', 'data-qa', 'data-action', 'data-route'];
const LANDMARK = /^(nav|header|footer|main|aside|form|section|article|dialog|table)$/;
// Regions whose id names what is inside; `main#main` or `div#app` say nothing about a button.
const REGION = /^(form|fieldset|dialog|section|article|aside|nav|header|footer|table)$/;
const NAME = /^[A-Za-z][\w-]{0,39}$/;
// Generated names (css-1x9ab3, ember123) carry runs of digits; state classes come and go with clicks.
const GENERATED =
  /\d{3}|^(css|sc|jsx|svelte)-|^(is|has)-|^(active|current|selected|open|show|hidden|disabled|focus|hover)$/i;

const stable = (name: string) => NAME.test(name) && !GENERATED.test(name);

function unique(selector: string): boolean {
  try {
    return document.querySelectorAll(selector).length == 1;
  } catch {
    return false;
  }
}

const idOf = (el: Element) => (stable(el.id) && unique('#' + el.id) ? '#' + el.id : '');

/** `tag.class` with the element's most telling stable class: the rarest on the page (`hero-cta`, not `btn`). */
function step(el: Element): string {
  let best = '';
  let fewest = Infinity;
  el.classList.forEach((name) => {
    if (!stable(name)) return;
    const count = document.getElementsByClassName(name).length;
    // Ties go to the later class: base classes come first by habit (`btn btn-primary hero-cta`).
    if (count <= fewest) [best, fewest] = [name, count];
  });
  return el.localName + (best ? '.' + best : '');
}

/** The element's position among same-tag siblings, when it has any. */
function nth(el: Element): string {
  const same = el.parentElement ? Array.from(el.parentElement.children).filter((c) => c.localName == el.localName) : [];
  return step(el) + (same.length > 1 ? `:nth-of-type(${same.indexOf(el) + 1})` : '');
}

/** Readable first: the element under a nearby id, or under up to two landmarks or classed ancestors. */
function shortPath(el: Element): string {
  let selector = step(el);
  // A named region (a form, a dialog) says more than a design-system class.
  for (let node = el.parentElement, depth = 0; node && depth < 3; node = node.parentElement, depth++) {
    const id = REGION.test(node.localName) && idOf(node);
    if (id) return unique(id + ' ' + selector) ? id + ' ' + selector : exactPath(el);
  }
  let kept = 0;
  for (
    let node = el.parentElement;
    node && node != document.body && kept < 2 && !unique(selector);
    node = node.parentElement
  ) {
    if (LANDMARK.test(node.localName) || step(node) != node.localName) {
      selector = step(node) + ' ' + selector;
      kept++;
    }
  }
  return unique(selector) ? selector : exactPath(el);
}

/** Exact last: a child path with positions, as short as uniqueness allows, under its landmark. */
function exactPath(el: Element): string {
  let selector = '';
  let node: Element | null = el;
  for (; node && node != document.body; node = node.parentElement) {
    const id = idOf(node);
    if (id) return id + ' > ' + selector;
    selector = nth(node) + (selector ? ' > ' + selector : '');
    if (unique(selector)) break;
  }
  if (!node || node == document.body) return 'body > ' + selector;
  // Positions alone read badly in a report; the landmark says where on the page the element is.
  while ((node = node.parentElement) && node != document.body)
    if (LANDMARK.test(node.localName)) return step(node) + ' ' + selector;
  return selector;
}

/** A stable, readable CSS selector for `el`: its id, else a tracking data attribute, else a short path. */
export function selectorOf(el: Element): string {
  const id = idOf(el);
  if (id) return id;
  for (const name of DATA_ATTRIBUTES) {
    const value = el.getAttribute(name);
    // Shared values are kept on purpose: a site that marks ten buttons alike wants them counted as one.
    if (value && value.length <= 80 && !/[\0-\x1f]/.test(value))
      return `[${name}="${value.replace(/["\\]/g, '\\$&')}"]`;
  }
  return shortPath(el).slice(0, 512);
}
