import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, signedInResponse } from './accounts.js';

// Two-factor sign-in (issue 43 §1, §7): a code from an authenticator app after the password.

/** The error code of a session that must turn on two-factor before anything else (`require_2fa`). */
export const TWO_FACTOR_REQUIRED = 'two_factor_required' as const;

export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'the 6-digit code from your authenticator app');
/** A recovery code as shown ("k3f9q-x2mrp"); case, spaces and the dash do not matter. */
export const recoveryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}$/, 'a recovery code, e.g. k3f9q-x2mrp');

/** The second step of signing in: the app's current code, or one of the recovery codes. */
export const secondFactorBody = z.object({
  code: z.union([totpCode, recoveryCode], 'the 6-digit code from your app, or a recovery code'),
});

/** The password was right and the account has two-factor on: no session yet, a code within `expires_at`. */
export const secondFactorNeededResponse = z.object({
  signed_in: z.literal(false),
  second_factor: z.literal('totp'),
  expires_at: z.string(),
});
export const signInResponse = z.discriminatedUnion('signed_in', [signedInResponse, secondFactorNeededResponse]);

/** The signed-in account's two-factor state, and whether the installation requires it. */
export const twoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  required: z.boolean(),
});
/** An enrolment under way: the secret to scan (QR code, SVG) or type; on only once a code confirms it. */
export const twoFactorSetupResponse = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_svg: z.string(),
});
export const confirmTwoFactorBody = z.object({ code: totpCode });
/** Two-factor is on: the recovery codes, in this answer only. */
export const recoveryCodesResponse = z.object({
  enabled: z.literal(true),
  recovery_codes: z.array(z.string()),
});
/** Turning it off proves the person again: the password or a current code. */
export const turnOffTwoFactorBody = z
  .object({
    password: z.string().min(1).max(MAX_PASSWORD_LENGTH).optional(),
    code: totpCode.optional(),
  })
  .refine((b) => b.password !== undefined || b.code !== undefined, {
    message: 'send your password or a current code',
    path: ['password'],
  });
export const twoFactorOffResponse = z.object({ enabled: z.literal(false) });

/** `require_2fa`: every account must turn on two-factor before it may do anything else. */
export const twoFactorPolicyBody = z.object({ required: z.boolean() });
export const twoFactorPolicyResponse = z.object({ required: z.boolean() });
