import { createReadStream } from 'node:fs';

/**
 * The lines of a UTF-8 file, split as `readline` splits them with `crlfDelay: Infinity` (`\n`, `\r\n`
 * and a lone `\r` each end a line; no empty last line after a final break), so line numbers in
 * import errors are unchanged. Yields one array per read chunk: per-line async iteration cost as
 * much as parsing a line.
 */
export async function* readLines(file: string, chunkBytes = 1 << 20): AsyncGenerator<string[]> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: chunkBytes })) {
    const text = rest + (chunk as string);
    // A trailing \r may be the first half of \r\n: keep it until the next chunk says.
    const end = text.endsWith('\r') ? text.length - 1 : text.length;
    const lines = split(text, end);
    rest = lines.pop()!;
    if (lines.length > 0) yield lines;
  }
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
