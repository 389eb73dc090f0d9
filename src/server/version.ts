import { readFileSync } from 'node:fs';

/** The release this server is: package.json's version, shown by /healthz and /metrics (`sightline_info`). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
