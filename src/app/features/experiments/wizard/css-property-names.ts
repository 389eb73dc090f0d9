/** What a test changes most, offered first: colours, type, spacing, borders, visibility. */
export const COMMON_CSS_PROPERTIES = [
  'backgroundColor',
  'color',
  'fontSize',
  'fontWeight',
  'padding',
  'margin',
  'borderRadius',
  'border',
  'borderColor',
  'width',
  'height',
  'display',
  'textAlign',
  'textDecoration',
  'textTransform',
  'lineHeight',
  'letterSpacing',
  'fontFamily',
  'boxShadow',
  'opacity',
  'gap',
  'maxWidth',
  'outline',
  'transform',
];

/** Properties whose value is a colour: the row offers a colour picker beside the text box. */
export const isColorProperty = (property: string) => /colou?r$/i.test(property.trim());

/**
 * The property names to suggest: the common ones first, then every other one the browser's own style
 * object has (camel case, as the page script sets them on `element.style`), without vendor prefixes.
 */
export function cssPropertyNames(style: object | null | undefined): string[] {
  const known = new Set(COMMON_CSS_PROPERTIES);
  const others: string[] = [];
  // A CSSStyleDeclaration's names are on its prototype chain, so `for…in`, not Object.keys.
  for (const name in style ?? {}) {
    if (!/^[a-z][a-zA-Z]*$/.test(name) || /^(webkit|moz|ms|css)[A-Z]/.test(name) || known.has(name)) continue;
    if (typeof (style as Record<string, unknown>)[name] !== 'string') continue;
    known.add(name);
    others.push(name);
  }
  return [...COMMON_CSS_PROPERTIES, ...others.sort()];
}
