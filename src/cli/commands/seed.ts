import { SingleBar, Presets } from 'cli-progress';
import type { Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';
import { seedStore } from '../../server/seed/seed-store.js';

const positive = (flag: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--${flag} must be a positive integer`);
  return n;
};

/**
 * Deterministic synthetic traffic: the same flags (and --end) give the same events. A property named
 * with --property must exist, or be made with --create: a mistyped id used to become a new property
 * full of fake traffic, silently.
 */
export async function seedCommand(
  store: Store,
  flags: Record<string, string | undefined>,
  { create = false }: { create?: boolean } = {},
): Promise<void> {
  const events = positive('events', flags.events, 100_000);
  const days = positive('days', flags.days, 30);
  const seed = positive('seed', flags.seed, 1);
  const end = flags.end ? new Date(flags.end) : new Date();
  if (Number.isNaN(end.getTime())) throw new CliError('--end must be an ISO-8601 timestamp');
  const properties = await store.listProperties();
  const propertyId = flags.property ?? properties[0]?.id ?? 'demo';
  if (!properties.some((p) => p.id === propertyId)) {
    // Without --property on an empty store, `demo` is made as before: nothing was named wrongly.
    if (flags.property !== undefined && !create)
      throw new CliError(
        `--property: no property "${propertyId}" (properties list shows those there are); to create it and seed it, add --create`,
      );
    await store.createProperty({ id: propertyId, name: propertyId, domain: null, timezone: 'UTC' });
    console.error(`created property "${propertyId}"`);
  }
  const bar = new SingleBar(
    { format: 'seeding {bar} {percentage}% | {value}/{total} events | {duration_formatted}', stream: process.stderr },
    Presets.shades_classic,
  );
  bar.start(events, 0);
  const started = Date.now();
  const count = await seedStore(store, { propertyId, events, days, seed, end }, (done) => bar.update(done));
  bar.stop();
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `seeded ${count} events into "${propertyId}" over ${days} days in ${seconds.toFixed(1)} s (${Math.round(count / seconds).toLocaleString('en-US')} events/s)`,
  );
}
