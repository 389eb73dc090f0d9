import { z } from 'zod';
import { setPasswordBody } from '../../../../contract/accounts.js';

/**
 * The set-password form: the contract's password rule (the server checks the same), typed twice. The
 * match is checked once the password itself passes, so one message shows at a time.
 */
export const setPasswordFields = z
  .object({ password: setPasswordBody.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: 'The two passwords are not the same.',
    // Zod runs a refinement past a failed length check (not an aborting issue) unless told not to.
    when: ({ issues }) => issues.length === 0,
  });
export type SetPasswordFields = z.infer<typeof setPasswordFields>;
