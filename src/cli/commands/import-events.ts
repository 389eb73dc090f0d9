import { existsSync, statSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_MAX_REVENUE_AMOUNT, eventSchema } from '../../contract/events.js';
import type { StoredEvent } from '../../contract/events.js';
import { normalizeEvent } from '../../server/ingest/normalize-event.js';
import type { Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';
import { silentProgress, type ImportProgress } from './import-progress.js';
import { LineTooLongError, readLines } from './read-lines.js';

/** The earliest `ts` an import takes (web analytics before 2000 is not this product's). */
const EARLIEST_TS = Date.UTC(2000, 0, 1);

/** Events per batch handed to the store: small, so they die young (the store writes 200,000 at a time). */
const BATCH = 20_000;

// The same schema, compiled by zod into one generated function: valid lines (the bulk of an import)
// validate in about half the time, and an invalid one falls back to zod's own parser, so the error
// (field and message) is exactly what `eventSchema` reports.
const compiledEventSchema = z.compile(eventSchema);

/** Where an NDJSON line failed validation: its 1-based number and the field at fault. */
export class ImportLineError extends CliError {
  /** `line N: field: detail`, as a list of bad lines shows it. */
  readonly where: string;
  constructor(
    readonly line: number,
    readonly field: string,
    detail: string,
  ) {
    super(`line ${line}: ${field}: ${detail}; nothing was imported`);
    this.where = `line ${line}: ${field}: ${detail}`;
  }
}

/** The most bad lines one import names; past them it says how many more there were. */
export const MAX_REPORTED_LINES = 100;

/**
 * Every bad line of a file (the first MAX_REPORTED_LINES named), so one run tells all of them. One
 * bad line reads as it always did: one line of error.
 */
export class ImportLinesError extends CliError {
  constructor(
    readonly named: ImportLineError[],
    readonly more: number,
  ) {
    const total = named.length + more;
    super(
      total === 1
        ? named[0].message
        : [
            `${total} bad lines; nothing was imported:`,
            ...named.map((e) => `  ${e.where}`),
            ...(more > 0 ? [`  … and ${more} more`] : []),
          ].join('\n'),
    );
  }
}

/** Parses and validates one line; `ts` is required on import, and the property must exist. */
export function parseLine(
  text: string,
  line: number,
  properties: Set<string>,
  now: Date,
  maxRevenueAmount = DEFAULT_MAX_REVENUE_AMOUNT,
): StoredEvent {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ImportLineError(line, '(line)', 'not valid JSON');
  }
  const parsed = compiledEventSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportLineError(line, issue.path.map(String).join('.') || '(event)', issue.message);
  }
  if (!parsed.data.ts) throw new ImportLineError(line, 'ts', 'required on import (ISO-8601 with zone)');
  // A year 9999 made a session last 2.5e11 s and its property undeletable; year 0 broke the store.
  const at = Date.parse(parsed.data.ts);
  if (!(at >= EARLIEST_TS && at <= now.getTime() + 86_400_000))
    throw new ImportLineError(line, 'ts', 'between 2000-01-01 and tomorrow');
  if ((parsed.data.amount ?? 0) > maxRevenueAmount)
    throw new ImportLineError(line, 'amount', `at most ${maxRevenueAmount} in one event (MAX_REVENUE_AMOUNT)`);
  if (!properties.has(parsed.data.property_id))
    throw new ImportLineError(line, 'property_id', `no property "${parsed.data.property_id}"`);
  return normalizeEvent(parsed.data, now);
}

/**
 * Loads an NDJSON file all or nothing: one transaction. A bad line stops what goes to the store, not
 * the reading: every line is still checked, so the error names all bad lines at once, and the
 * transaction is then rolled back. Memory stays bounded: only the problems are kept, at most 100.
 */
export async function importFile(
  store: Store,
  file: string,
  maxRevenueAmount = DEFAULT_MAX_REVENUE_AMOUNT,
  progress: ImportProgress = silentProgress,
): Promise<number> {
  if (!existsSync(file)) throw new CliError(`no such file: ${file}`);
  const properties = new Set((await store.listProperties()).map((p) => p.id));
  const now = new Date();
  const named: ImportLineError[] = [];
  let more = 0;
  const bad = (error: ImportLineError) => (named.length < MAX_REPORTED_LINES ? named.push(error) : more++);
  progress.bytes('reading', statSync(file).size);
  async function* batches() {
    let batch: StoredEvent[] = [];
    let n = 0;
    try {
      for await (const lines of readLines(file, undefined, undefined, (bytes) => progress.update(bytes))) {
        for (const text of lines) {
          n++;
          if (text.trim() === '') continue;
          try {
            const event = parseLine(text, n, properties, now, maxRevenueAmount);
            if (named.length === 0) batch.push(event);
          } catch (error) {
            if (!(error instanceof ImportLineError)) throw error;
            bad(error);
            batch = []; // nothing more is written: the import fails once the file is read
            continue;
          }
          if (batch.length >= BATCH) {
            yield batch;
            batch = [];
          }
        }
      }
    } catch (error) {
      // Reading cannot go on past a line too long to split, but the lines before it were checked.
      if (!(error instanceof LineTooLongError) || named.length === 0) throw error;
      bad(new ImportLineError(error.line, '(line)', `longer than ${error.maxLineChars} characters; not read further`));
    }
    if (named.length > 0) throw new ImportLinesError(named, more);
    if (batch.length > 0) yield batch;
    progress.committing();
  }
  return store.importEvents(batches());
}
