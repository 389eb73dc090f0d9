/**
 * A strict reader of Prometheus' text exposition format 0.0.4 (prom-client writes it but has no
 * parser): it throws on anything a scraper would reject or misread, so a test that parses a scrape
 * checks the format as well as the figures. The rules it holds a body to:
 * - a family's `# HELP` and `# TYPE` come at most once each, before its samples, and its samples are
 *   contiguous (a family never reappears after another);
 * - a sample is `name{label="value",…} value`; names and label names use the allowed characters;
 *   label values escape only `\\`, `\"` and `\n`; no series (name plus labels) appears twice;
 * - a histogram's samples are `_bucket` (with `le`), `_sum` and `_count`; per series its buckets rise
 *   with `le`, never fall, end with `le="+Inf"`, and that bucket equals `_count`.
 */

export type Labels = Record<string, string>;
export interface Sample {
  name: string;
  labels: Labels;
  value: number;
}
export interface Family {
  type: string;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count', ''],
};

// Prometheus reads values with Go's ParseFloat, which takes NaN and Inf in any case (prom-client writes `Nan`).
function parseValue(text: string, line: string): number {
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a value: ${line}`);
  return Number(text);
}

/** `{a="x",b="y"}` from `at` (the `{`): the labels and where the text after `}` starts. */
function parseLabels(line: string, at: number): { labels: Labels; end: number } {
  const labels: Labels = {};
  let i = at + 1;
  while (line[i] !== '}') {
    const eq = line.indexOf('=', i);
    const name = line.slice(i, eq);
    if (eq < 0 || !LABEL_NAME.test(name) || line[eq + 1] !== '"') throw new Error(`bad label: ${line}`);
    if (name in labels) throw new Error(`label ${name} twice: ${line}`);
    let value = '';
    for (i = eq + 2; line[i] !== '"'; i++) {
      if (i >= line.length) throw new Error(`unterminated label value: ${line}`);
      if (line[i] === '\\') {
        const escaped = ({ '\\': '\\', '"': '"', n: '\n' } as Record<string, string>)[line[++i]];
        if (escaped === undefined) throw new Error(`bad escape: ${line}`);
        value += escaped;
      } else value += line[i];
    }
    labels[name] = value;
    i++;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`bad label list: ${line}`);
  }
  return { labels, end: i + 1 };
}

function checkHistogram(name: string, family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name === `${name}_bucket`) {
      if (le === undefined) throw new Error(`${name}_bucket without le`);
      entry.buckets.push([parseValue(le, le), s.value]);
    } else if (s.name === `${name}_count`) entry.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    for (let i = 1; i < buckets.length; i++) {
      if (!(buckets[i][0] > buckets[i - 1][0])) throw new Error(`${name}${key}: buckets out of order`);
      if (buckets[i][1] < buckets[i - 1][1]) throw new Error(`${name}${key}: buckets not cumulative`);
    }
    const last = buckets.at(-1);
    if (!last || last[0] !== Infinity) throw new Error(`${name}${key}: no +Inf bucket`);
    if (last[1] !== count) throw new Error(`${name}${key}: +Inf bucket ${last[1]} is not _count ${count}`);
  }
}

/** The families of a scrape, by name; throws naming the first rule broken. */
export function parsePrometheusText(body: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const seenSeries = new Set<string>();
  let current: string | null = null;
  const familyOf = (name: string) => {
    if (current !== name && families.has(name) && families.get(name)!.samples.length > 0)
      throw new Error(`family ${name} is not contiguous`);
    current = name;
    const family = families.get(name) ?? { type: 'untyped', help: '', samples: [] };
    families.set(name, family);
    return family;
  };
  for (const line of body.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, text] = meta;
      if (!NAME.test(name)) throw new Error(`bad metric name: ${line}`);
      const family = familyOf(name);
      if (family.samples.length > 0) throw new Error(`${kind} after samples: ${line}`);
      if (kind === 'TYPE') {
        if (!TYPES.has(text)) throw new Error(`unknown type: ${line}`);
        family.type = text;
      } else family.help = text;
      continue;
    }
    if (line.startsWith('#')) continue;
    const nameEnd = line.search(/[{ ]/);
    const name = line.slice(0, nameEnd);
    if (nameEnd < 1 || !NAME.test(name)) throw new Error(`bad sample: ${line}`);
    const { labels, end } = line[nameEnd] === '{' ? parseLabels(line, nameEnd) : { labels: {}, end: nameEnd };
    const rest = line.slice(end).split(' ');
    if (rest[0] !== '' || rest.length < 2 || rest.length > 3) throw new Error(`bad sample: ${line}`);
    const value = parseValue(rest[1], line);
    const base =
      [...families.keys()].find((f) => (SUFFIXES[families.get(f)!.type] ?? ['']).some((x) => f + x === name)) ?? name;
    const family = familyOf(base);
    if (family.type === 'histogram' && base === name) throw new Error(`histogram sample without suffix: ${line}`);
    const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seenSeries.has(series)) throw new Error(`series twice: ${line}`);
    seenSeries.add(series);
    family.samples.push({ name, labels, value });
  }
  for (const [name, family] of families) if (family.type === 'histogram') checkHistogram(name, family);
  return families;
}

/** The value of the one sample of `name` whose labels include `labels`; throws when none or several match. */
export function sampleValue(families: Map<string, Family>, name: string, labels: Labels = {}): number {
  const matches = [...families.values()]
    .flatMap((f) => f.samples)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (matches.length !== 1) throw new Error(`${matches.length} samples of ${name} ${JSON.stringify(labels)}`);
  return matches[0].value;
}
