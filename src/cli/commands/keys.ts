import { keyPermissions } from '../../contract/admin.js';
import { newApiKey } from '../../server/auth/api-keys.js';
import type { Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';

const PERMISSIONS: readonly string[] = keyPermissions;

export async function keysCommand(store: Store, sub: string | undefined, args: string[], flags: Record<string, string | undefined>): Promise<void> {
  if (sub === 'list') {
    for (const k of await store.listApiKeys()) {
      const state = k.revoked_at ? `revoked ${k.revoked_at.toISOString()}` : 'active';
      console.log([k.id, k.name, `${k.prefix}…`, k.property_ids.join(','), k.permissions.join(','), state].join('\t'));
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
  if (sub !== 'create') throw new CliError('usage: keys create --properties ID[,ID...] [--permissions metrics|none] [--name N] | keys list | keys revoke KEY_ID');
  const ids = (flags.properties ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) throw new CliError('--properties is required: one or more property ids, comma-separated');
  const found = new Set((await store.getProperties(ids)).map((p) => p.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new CliError(`--properties: no such property: ${missing.join(', ')}`);
  const permission = flags.permissions ?? 'metrics';
  if (!PERMISSIONS.includes(permission)) throw new CliError(`--permissions must be one of ${PERMISSIONS.join(', ')}`);
  const { key, record } = newApiKey({ name: flags.name ?? 'cli', propertyIds: [...new Set(ids)], permissions: [permission] });
  await store.createApiKey(record);
  console.error(`Created key ${record.id} for ${ids.join(', ')}. It is shown once; only its hash is stored:`);
  console.log(key);
}
