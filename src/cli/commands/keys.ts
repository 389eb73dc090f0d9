import { canonicalPermissions, keyPermissions, type KeyPermission } from '../../contract/admin.js';
import { newApiKey } from '../../server/auth/api-keys.js';
import type { Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';

/** What each permission lets a key do, as the dashboard's key page says it. */
const ALLOWS: Record<KeyPermission, string> = {
  metrics: 'read figures and reports, goals and saved funnels',
  experiments: 'create, change and stop split tests',
  configure: 'create, change and delete goals and saved funnels',
};
/** The lines of the usage text that say what `--permissions` takes. */
export const PERMISSIONS_HELP = [
  'LIST: a comma list of these (without --permissions a key gets all of them; none gives none):',
  ...keyPermissions.map((p) => `  ${p.padEnd(12)}${ALLOWS[p]}`),
].join('\n');

const USAGE = `usage: keys create --properties ID[,ID...] [--permissions LIST|none] [--name N] | keys list | keys revoke KEY_ID
${PERMISSIONS_HELP}`;

/** `--permissions`: absent gives every permission, a comma list narrows it, `none` gives none. */
export function permissionsFlag(flag: string | undefined): KeyPermission[] {
  if (flag === undefined) return [...keyPermissions];
  const names = flag.split(',').map((s) => s.trim());
  if (names.length === 1 && names[0] === 'none') return [];
  const known: readonly string[] = keyPermissions;
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new CliError(
      `--permissions: ${unknown.map((n) => `"${n}"`).join(', ') || 'empty'} is not a permission; give a comma list of ${keyPermissions.join(', ')}, or none`,
    );
  }
  return canonicalPermissions(names);
}

export async function keysCommand(
  store: Store,
  sub: string | undefined,
  args: string[],
  flags: Record<string, string | undefined>,
): Promise<void> {
  if (sub === 'list') {
    for (const k of await store.listApiKeys()) {
      const state = k.revoked_at ? `revoked ${k.revoked_at.toISOString()}` : 'active';
      console.log(
        [
          k.id,
          k.name,
          `${k.prefix}…`,
          k.property_ids.join(','),
          canonicalPermissions(k.permissions).join(',') || 'none',
          state,
        ].join('\t'),
      );
    }
    return;
  }
  if (sub === 'revoke') {
    const id = args[0];
    if (!id) throw new CliError('usage: keys revoke KEY_ID');
    if (!(await store.revokeApiKey(id, new Date()))) throw new CliError(`no active key with id "${id}"`);
    console.log(`revoked ${id}`);
    return;
  }
  if (sub !== 'create') throw new CliError(USAGE);
  const ids = (flags.properties ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new CliError('--properties is required: one or more property ids, comma-separated');
  const found = new Set((await store.getProperties(ids)).map((p) => p.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new CliError(`--properties: no such property: ${missing.join(', ')}`);
  const permissions = permissionsFlag(flags.permissions);
  const { key, record } = newApiKey({ name: flags.name ?? 'cli', propertyIds: [...new Set(ids)], permissions });
  await store.createApiKey(record);
  console.error(
    `Created key ${record.id} for ${ids.join(', ')} with ${permissions.length ? `permissions ${permissions.join(', ')}` : 'no permission'}. It is shown once; only its hash is stored:`,
  );
  console.log(key);
}
