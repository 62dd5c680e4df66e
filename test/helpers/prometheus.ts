/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for the metrics tests:
 * it throws on anything a Prometheus server would refuse (a malformed line, a sample without its
 * family's TYPE, a bad label or value, a duplicate series, a histogram whose buckets are not
 * cumulative or whose +Inf bucket differs from its count) and gives each sample by name and labels.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** A sample value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any letter case; prom-client writes `Nan` for an empty event-loop histogram). */
function parseValue(text: string, line: string): number {
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a sample value: ${text} in ${line}`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` → labels; the text after the closing brace. */
function parseLabels(text: string, line: string): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let i = 1;
  for (;;) {
    if (text[i] === '}') return { labels, rest: text.slice(i + 1) };
    const eq = text.indexOf('=', i);
    const name = text.slice(i, eq);
    if (eq < 0 || !LABEL.test(name) || text[eq + 1] !== '"') throw new Error(`bad label at ${i} in ${line}`);
    if (name in labels) throw new Error(`label ${name} twice in ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') {
        const escaped = text[++j];
        if (escaped === 'n') value += '\n';
        else if (escaped === '\\' || escaped === '"') value += escaped;
        else throw new Error(`bad escape \\${escaped} in ${line}`);
      } else if (text[j] === '\n') throw new Error(`newline in a label value: ${line}`);
      else value += text[j];
    }
    if (j >= text.length) throw new Error(`unterminated label value in ${line}`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i++;
    else if (text[i] !== '}') throw new Error(`expected , or } at ${i} in ${line}`);
  }
}

/** The family a sample belongs to: a histogram's or summary's series carry a suffix. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    const base = name.endsWith(suffix) ? name.slice(0, -suffix.length) : undefined;
    if (base && ['histogram', 'summary'].includes(types.get(base) ?? '') && (suffix !== '_bucket' || types.get(base) === 'histogram')) return base;
  }
  return undefined;
}

export function parsePrometheus(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const seen = new Set<string>();
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const [, keyword, name, ...rest] = line.split(' ');
      if (keyword === 'TYPE') {
        if (!NAME.test(name) || !TYPES.has(rest[0]) || rest.length !== 1) throw new Error(`bad TYPE line: ${line}`);
        if (types.has(name)) throw new Error(`TYPE of ${name} twice`);
        types.set(name, rest[0]);
      } else if (keyword === 'HELP' && !NAME.test(name)) throw new Error(`bad HELP line: ${line}`);
      continue;
    }
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
    if (!name) throw new Error(`no metric name: ${line}`);
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) ({ labels, rest } = parseLabels(rest, line));
    const fields = rest.trim().split(/ +/);
    if (!rest.startsWith(' ') || fields.length < 1 || fields.length > 2) throw new Error(`bad sample line: ${line}`);
    if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1])) throw new Error(`bad timestamp: ${line}`);
    if (!familyOf(name, types)) throw new Error(`sample ${name} without a TYPE before it`);
    const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(series)) throw new Error(`series twice: ${line}`);
    seen.add(series);
    samples.push({ name, labels, value: parseValue(fields[0], line) });
  }
  checkHistograms(samples, types);
  return samples;
}

function checkHistograms(samples: Sample[], types: Map<string, string>): void {
  const seriesKey = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).filter(([k]) => k !== 'le').sort());
  for (const [family, type] of types) {
    if (type !== 'histogram') continue;
    const groups = new Map<string, Sample[]>();
    for (const s of samples.filter((s) => s.name === `${family}_bucket`)) {
      if (!('le' in s.labels)) throw new Error(`${family}_bucket without le`);
      groups.set(seriesKey(s.labels), [...(groups.get(seriesKey(s.labels)) ?? []), s]);
    }
    for (const [key, buckets] of groups) {
      buckets.sort((a, b) => parseValue(a.labels.le, '') - parseValue(b.labels.le, ''));
      for (let i = 1; i < buckets.length; i++) if (buckets[i].value < buckets[i - 1].value) throw new Error(`${family}${key}: buckets not cumulative`);
      const inf = buckets.at(-1)!;
      const count = samples.find((s) => s.name === `${family}_count` && seriesKey(s.labels) === key);
      if (inf.labels.le !== '+Inf' || !count || count.value !== inf.value) throw new Error(`${family}${key}: the +Inf bucket must equal _count`);
    }
  }
}

/** The sum of the series of `name` whose labels include `labels` (0 when there is none: a counter not yet moved). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}
