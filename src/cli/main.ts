import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { StoreLockedError } from '../server/store/duckdb/database.js';
import { openStore } from '../server/store/open-store.js';
import { CliError } from './cli-error.js';
import { adminCommand } from './commands/admin.js';
import { importFile } from './commands/import-events.js';
import { keysCommand } from './commands/keys.js';
import { propertiesCommand } from './commands/properties.js';
import { seedCommand } from './commands/seed.js';

const USAGE = `usage: npm run cli -- <command>
  properties create --id ID --name NAME [--domain D] [--timezone TZ]
  properties list
  keys create --properties ID[,ID...] [--permissions metrics,experiments|none] [--name N]
  keys list
  keys revoke KEY_ID
  import FILE
  seed [--property ID] [--events N] [--days D] [--seed S] [--end ISO]
  admin sign-in-link`;

async function run(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: Object.fromEntries(
      ['id', 'name', 'domain', 'timezone', 'properties', 'permissions', 'property', 'events', 'days', 'seed', 'end'].map((o) => [o, { type: 'string' as const }]),
    ),
  });
  const [command, sub, ...rest] = positionals;
  if (!command || !['properties', 'keys', 'import', 'seed', 'admin'].includes(command)) throw new CliError(USAGE);
  const config = loadConfig();
  const store = await openStore(config);
  try {
    if (command === 'admin') await adminCommand(store, sub, config);
    else if (command === 'properties') await propertiesCommand(store, sub, values);
    else if (command === 'keys') await keysCommand(store, sub, rest, values);
    else if (command === 'import') {
      if (!sub) throw new CliError('usage: import FILE');
      console.log(`imported ${await importFile(store, sub)} events`);
    } else await seedCommand(store, values);
  } finally {
    await store.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof CliError || error instanceof StoreLockedError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(known ? `error: ${(error as Error).message}` : error);
  process.exit(1);
});
