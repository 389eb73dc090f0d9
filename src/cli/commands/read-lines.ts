import { createReadStream } from 'node:fs';
import { CliError } from '../cli-error.js';

/**
 * The longest line read: an event is at most what collect takes in one body (512 KB), and an export's
 * largest record (a split test) is capped far below. A longer line is refused as soon as it is seen,
 * so a file of one 300 MB line no longer takes minutes and gigabytes to be refused (issue 41).
 */
export const MAX_LINE_CHARS = 1 << 20;

/** A line past the cap: reading stops there (the rest of the file is not split into lines). */
export class LineTooLongError extends CliError {
  constructor(
    readonly line: number,
    readonly maxLineChars: number,
  ) {
    super(`line ${line}: longer than ${maxLineChars} characters; nothing was imported`);
  }
}

/**
 * The lines of a UTF-8 file, split as `readline` splits them with `crlfDelay: Infinity` (`\n`, `\r\n`
 * and a lone `\r` each end a line; no empty last line after a final break), so line numbers in
 * import errors are unchanged. Yields one array per read chunk: per-line async iteration cost as
 * much as parsing a line. `onRead` hears the bytes read so far after each chunk (a progress bar).
 */
export async function* readLines(
  file: string,
  chunkBytes = 1 << 20,
  maxLineChars = MAX_LINE_CHARS,
  onRead?: (bytes: number) => void,
): AsyncGenerator<string[]> {
  let rest = '';
  let lineCount = 0;
  const tooLong = (line: number) => new LineTooLongError(line, maxLineChars);
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: chunkBytes });
  for await (const chunk of stream) {
    onRead?.(stream.bytesRead);
    // Only the unfinished line is carried over; capped, so joining it to the next chunk stays linear.
    if (rest.length > maxLineChars) throw tooLong(lineCount + 1);
    const text = rest + (chunk as string);
    // A trailing \r may be the first half of \r\n: keep it until the next chunk says.
    const end = text.endsWith('\r') ? text.length - 1 : text.length;
    const lines = split(text, end);
    rest = lines.pop()!;
    const long = lines.findIndex((l) => l.length > maxLineChars);
    if (long >= 0) throw tooLong(lineCount + long + 1);
    lineCount += lines.length;
    if (lines.length > 0) yield lines;
  }
  if (rest.length > maxLineChars) throw tooLong(lineCount + 1);
  if (rest !== '') {
    const lines = split(rest, rest.length);
    const last = lines.pop()!;
    if (last !== '') lines.push(last);
    yield lines;
  }
}

/** Lines of `text` up to `end`; the last element is the unterminated remainder (plus anything past `end`). */
function split(text: string, end: number): string[] {
  if (text.indexOf('\r') === -1) return text.split('\n');
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      lines.push(text.slice(start, i));
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
  }
  lines.push(text.slice(start));
  return lines;
}
