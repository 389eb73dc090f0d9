import type { DuckDBResult } from '@duckdb/node-api';

/**
 * A streaming DuckDB result as batches of `size` converted rows: DuckDB produces the result a vector
 * at a time as it is fetched, so memory stays at one batch whatever the query returns. Used by the
 * store's export and by the import of a Parquet export.
 */
export async function* streamedBatches<R, T>(
  result: DuckDBResult,
  convert: (row: R) => T,
  size = 50_000,
): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const rows of result.yieldRowObjectJs()) {
    for (const row of rows) batch.push(convert(row as R));
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
