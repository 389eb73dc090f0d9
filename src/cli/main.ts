import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { StoreLockedError } from '../server/store/store-locked.js';
import { openStore } from '../server/store/open-store.js';
import { CliError } from './cli-error.js';
import { adminCommand } from './commands/admin.js';
import { backupCommand } from './commands/backup.js';
import { restoreCommand } from './commands/restore.js';
import { exportCommand } from './commands/export.js';
import { importCommand, terminalImportProgress } from './commands/import.js';
import { keysCommand, PERMISSIONS_HELP } from './commands/keys.js';
import { migrateCommand } from './commands/migrate.js';
import { propertiesCommand } from './commands/properties.js';
import { seedCommand } from './commands/seed.js';
import { USERS_USAGE, usersCommand } from './commands/users.js';

const USAGE = `usage: npm run cli -- <command>
  properties create --id ID --name NAME [--domain D] [--timezone TZ]
  properties list
  keys create --properties ID[,ID...] [--permissions LIST|none] [--name N]
${PERMISSIONS_HELP.replace(/^/gm, '    ')}
  keys list
  keys revoke KEY_ID
  import FILE|DIR [--with-keys] [--with-accounts] [--again]
                                   (events NDJSON, or an export: NDJSON file or Parquet directory;
                                   its API keys only with --with-keys, its accounts with --with-accounts;
                                   content imported before only with --again)
  export [--format ndjson|parquet] [--out PATH]
  migrate --to clickhouse          (DATA_DIR's store into CLICKHOUSE_URL's; --to duckdb: back)
  seed [--property ID [--create]] [--events N] [--days D] [--seed S] [--end ISO]
                                   (--create: make the property when there is none of that id)
  backup --out DIR                 (a copy at one instant; while the server runs, it takes it)
  restore DIR                      (into DATA_DIR, empty or missing; the server stopped)
  admin sign-in-link
  ${USERS_USAGE}`;

async function run(argv: string[]): Promise<void> {
  const parsed = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      'with-keys': { type: 'boolean' },
      'with-accounts': { type: 'boolean' },
      again: { type: 'boolean' },
      create: { type: 'boolean' },
      ...Object.fromEntries(
        [
          'id',
          'name',
          'domain',
          'timezone',
          'properties',
          'permissions',
          'property',
          'events',
          'days',
          'seed',
          'end',
          'format',
          'out',
          'to',
          'email',
          'role',
        ].map((o) => [o, { type: 'string' as const }]),
      ),
    },
  });
  const { positionals } = parsed;
  // Four flags are switches; every other option takes a value.
  const {
    'with-keys': withKeys,
    'with-accounts': withAccounts,
    again,
    create,
    ...values
  } = parsed.values as Record<string, string | undefined> & {
    'with-keys'?: boolean;
    'with-accounts'?: boolean;
    again?: boolean;
    create?: boolean;
  };
  const [command, sub, ...rest] = positionals;
  // Reach a running server instead of refusing, or work with no store open.
  if (command === 'backup') return console.log(await backupCommand(loadConfig(), values.out));
  if (command === 'restore') return console.log(await restoreCommand(loadConfig(), sub));
  if (!command || !['properties', 'keys', 'import', 'export', 'migrate', 'seed', 'admin', 'users'].includes(command))
    throw new CliError(USAGE);
  const config = loadConfig();
  // Opens both stores itself, whichever STORE names.
  if (command === 'migrate') {
    console.log(await migrateCommand(config, values.to));
    return;
  }
  const store = await openStore(config);
  try {
    if (command === 'admin') await adminCommand(store, sub, config);
    else if (command === 'users') await usersCommand(store, sub, values, config, rest);
    else if (command === 'properties') await propertiesCommand(store, sub, values);
    else if (command === 'keys') await keysCommand(store, sub, rest, values);
    else if (command === 'import') {
      if (!sub) throw new CliError('usage: import FILE|DIR');
      console.log(
        await importCommand(store, sub, {
          maxRevenueAmount: config.MAX_REVENUE_AMOUNT,
          withKeys: withKeys ?? false,
          withAccounts: withAccounts ?? false,
          again: again ?? false,
          progress: terminalImportProgress(),
        }),
      );
    } else if (command === 'export') {
      const { summary, toStderr } = await exportCommand(store, values);
      (toStderr ? console.error : console.log)(summary);
    } else await seedCommand(store, values, { create });
  } finally {
    await store.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  const known =
    error instanceof CliError ||
    error instanceof StoreLockedError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(known ? `error: ${(error as Error).message}` : error);
  process.exit(1);
});
