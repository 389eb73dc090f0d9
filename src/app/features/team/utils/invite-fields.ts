import { z } from 'zod';
import { accountRoles, inviteBody } from '../../../../contract/accounts.js';
import { propertyId } from '../../../../contract/common.js';

/**
 * The invite form: the contract's email and role, and the properties as a choice the form can show
 * ("all" or "some", then checkboxes), which `inviteBodyOf` turns into the contract's `property_ids`.
 */
export const inviteFields = z
  .object({
    email: inviteBody.shape.email,
    role: z.enum(accountRoles),
    scope: z.enum(['all', 'some']),
    property_ids: z.array(propertyId),
  })
  .refine((f) => f.scope === 'all' || f.property_ids.length > 0, {
    message: 'Pick at least one property, or choose all properties.',
    path: ['property_ids'],
  });
export type InviteFieldsInput = z.input<typeof inviteFields>;
export type InviteFields = z.output<typeof inviteFields>;

/** The request body: "all" is an empty list, and boxes ticked before choosing "all" are not sent. */
export function inviteBodyOf(fields: InviteFields): z.input<typeof inviteBody> {
  return {
    email: fields.email,
    role: fields.role,
    property_ids: fields.scope === 'all' ? [] : fields.property_ids,
  };
}
