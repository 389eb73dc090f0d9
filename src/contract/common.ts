import { z } from 'zod';
import { readablePath } from './readable-path.js';

/** Property ids: short, URL-safe, chosen by the operator (`properties create --id`). */
export const propertyId = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
    '1–64 characters of A–Z, a–z, 0–9, _ . -, starting with a letter or digit',
  );

/** A page path: starts with `/`, no query string or fragment, no control characters. */
/** Spaces around are dropped and the path read as people type it (readable-path.ts). */
export const pagePath = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .regex(/^\/[^?#\s\u0000-\u001f\u007f]*$/, 'a path starting with /, without query string or fragment')
  .transform(readablePath);

// NUL ends a string in C, in many drivers and in terminals, and a lone surrogate (half of a UTF-16
// pair) is no character at all and has no UTF-8 form: neither is text anyone typed, yet both were
// stored and read back. Checked on the decoded request (server/api-error.ts `refuseUnsafeText`), so every
// string and key of every body, query and path parameter is covered, whatever its schema says.
const unsafeText = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSAFE_TEXT_MESSAGE = 'must not contain a NUL character or a lone surrogate';

/** The path of the first string or key in `value` (JSON-like) holding NUL or a lone surrogate, or null. */
export function unsafeTextPath(value: unknown): (string | number)[] | null {
  // A stack, not recursion: a body nested 100,000 deep must be a 400, never a stack overflow.
  const stack: { value: unknown; at: Step | null }[] = [{ value, at: null }];
  while (stack.length > 0) {
    const { value: v, at } = stack.pop()!;
    if (typeof v === 'string') {
      if (unsafeText.test(v)) return pathOf(at);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], at: { key: i, parent: at } });
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v).reverse()) {
        // Named by the object that holds it: echoing the key would send the bad text back.
        if (unsafeText.test(key)) return pathOf(at);
        stack.push({ value: item, at: { key, parent: at } });
      }
    }
  }
  return null;
}
interface Step {
  key: string | number;
  parent: Step | null;
}
function pathOf(step: Step | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let s = step; s; s = s.parent) path.unshift(s.key);
  return path;
}

export const errorCodes = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'internal_error',
  // A session that must turn on two-factor sign-in first (docs/accounts.md).
  'two_factor_required',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The spec's error envelope, used for every error the service returns. */
export const errorEnvelope = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    details: z.record(z.string(), z.unknown()),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
