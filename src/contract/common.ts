import { z } from 'zod';

/** Property ids: short, URL-safe, chosen by the operator (`properties create --id`). */
export const propertyId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, '1–64 characters of A–Z, a–z, 0–9, _ . -, starting with a letter or digit');

/** A page path: starts with `/`, no query string or fragment, no control characters. */
export const pagePath = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^\/[^?#\s\u0000-\u001f\u007f]*$/, 'a path starting with /, without query string or fragment');

export const errorCodes = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'internal_error',
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
