import { propertyDomain } from '../../contract/admin.js';
import { propertyId } from '../../contract/common.js';
import { isValidZone } from '../../server/analytics/time-frame.js';
import type { Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';

export async function propertiesCommand(
  store: Store,
  sub: string | undefined,
  flags: Record<string, string | undefined>,
): Promise<void> {
  if (sub === 'list') {
    for (const p of await store.listProperties()) {
      console.log([p.id, p.name, p.domain ?? '-', p.timezone, p.created_at.toISOString()].join('\t'));
    }
    return;
  }
  if (sub !== 'create')
    throw new CliError('usage: properties create --id ID --name NAME [--domain D] [--timezone TZ] | properties list');
  const id = flags.id;
  if (!id || !propertyId.safeParse(id).success)
    throw new CliError('--id is required: 1–64 characters of A–Z, a–z, 0–9, _ . - starting with a letter or digit');
  if (!flags.name) throw new CliError('--name is required');
  const timezone = flags.timezone ?? 'UTC';
  if (!isValidZone(timezone)) throw new CliError(`--timezone: unknown time zone "${timezone}"`);
  const domain = propertyDomain.safeParse(flags.domain ?? '');
  if (!domain.success) throw new CliError(`--domain: ${domain.error.issues[0].message}`);
  if ((await store.getProperties([id])).length > 0) throw new CliError(`property "${id}" already exists`);
  await store.createProperty({ id, name: flags.name, domain: domain.data, timezone });
  console.log(id);
}
