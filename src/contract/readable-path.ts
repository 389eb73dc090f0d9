/**
 * A path as people read and type it: percent-encoded UTF-8 letters decoded (`/caf%C3%A9` → `/café`)
 * and the text in Unicode NFC, so a page collected from a browser (which encodes), imported from a
 * file (often not) and typed into a funnel step are the same text. ASCII escapes stay as sent
 * (`%20`, `%2F`, `%25`): decoding them would change what the path means or add whitespace. Zod-free,
 * so the page script uses the same rule at no cost.
 */
export function readablePath(path: string): string {
  return path
    .replace(/(?:%[89a-fA-F][0-9a-fA-F])+/g, (run) => {
      try {
        const text = decodeURIComponent(run);
        // A decoded space or control character (U+00A0, U+2028…) would make the path invalid.
        return /[\s\u0080-\u009f]/.test(text) ? run : text;
      } catch {
        return run; // not UTF-8: keep the bytes as sent
      }
    })
    .normalize('NFC');
}
