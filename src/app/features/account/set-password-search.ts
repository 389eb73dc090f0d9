import { z } from 'zod';

// The router's default parser turns an all-digit value into a number; a token is a string.
const tokenParam = z.union([z.string(), z.number().transform(String)]);

/** `/set-password?token=…`: a missing or malformed token falls back to undefined, and the page says so. */
export const setPasswordSearch = z.object({ token: tokenParam.optional().catch(undefined) });
