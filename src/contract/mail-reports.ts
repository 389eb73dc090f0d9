import { z } from 'zod';
import { propertyId } from './common.js';

// Reports by email (issue 43 §5, docs/mail.md): what the signed-in account gets mailed, per property.

export const digestCadences = ['off', 'weekly', 'monthly'] as const;

/** One property's email reports for the signed-in account; a property never chosen reads as all off. */
export const mailSubscription = z.object({
  property_id: propertyId,
  /** `weekly`: Mondays, the previous week Mon–Sun; `monthly`: on the 1st, the previous month (the property's time zone). */
  digest: z.enum(digestCadences),
  /** A message when the last hour's visitors are far above the usual for that hour (at most one a day). */
  spike_alert: z.boolean(),
});
export type MailSubscription = z.infer<typeof mailSubscription>;

/** Every property the account sees, with its choices, and whether this server sends mail at all. */
export const mailSubscriptionsResponse = z.object({
  mail_configured: z.boolean(),
  data: z.array(mailSubscription),
});

export const updateMailSubscriptionBody = z
  .object({ digest: z.enum(digestCadences).optional(), spike_alert: z.boolean().optional() })
  .refine((b) => b.digest !== undefined || b.spike_alert !== undefined, {
    message: 'send digest and/or spike_alert',
    path: ['digest'],
  });
