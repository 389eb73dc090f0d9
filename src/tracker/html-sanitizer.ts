/** Turns an `html` change into markup that cannot run script; only the experiments script has one (html-sanitizer-dompurify.ts). */
type Sanitize = (html: string) => string;

let sanitize: Sanitize | null = null;

export function setHtmlSanitizer(fn: Sanitize): void {
  sanitize = fn;
}

/** The markup to put in the page, or null in a build without a sanitizer: the change is then skipped, never applied raw. */
export function safeHtml(html: string): string | null {
  return sanitize ? sanitize(html) : null;
}
