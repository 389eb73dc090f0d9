/** One finished `import` of a file or an export directory (the CLI's ledger, docs/importing.md). */
export interface ImportRecord {
  /** The file's (or directory's) name, without the path it was imported from. */
  file_name: string;
  /** SHA-256 of the content, lower-case hex (a Parquet export: of its files in name order). */
  sha256: string;
  size_bytes: number;
  events: number;
  imported_at: Date;
}

export interface ImportLedgerStore {
  /** Notes an import that succeeded. */
  recordImport(r: ImportRecord): Promise<void>;
  /** The latest import of content with this hash, or null when it was never imported. */
  latestImport(sha256: string): Promise<ImportRecord | null>;
}
