/**
 * `npm run eval -- humanize [--per-group N] [--show K] [--explain] [--llm]`: the humanizer as the
 * service runs it (built-in rewriter, grammar gate; `--llm`: through HUMANIZER_LLM_URL /
 * HUMANIZER_LLM_MODEL), on held-out AI texts of 50 to 2,000 words from every domain and generator
 * family of ../shared/data/text-detect (dev.jsonl, and the half of extra.jsonl the judges never see:
 * chat answers and essays), N per (domain, family) group (default 3), and judged by three detectors:
 * the shipped one and two the humanizer never consults (scripts/lib/judges: a character n-gram
 * model and a function-word / sentence-rhythm model, trained here on other data). Reports per group
 * and per judge the share flagged before and after, with each judge's AUC and false-positive rate
 * at its threshold on held-out texts; grammar issues added (the grammar engine's corrections of the
 * output less those of the input), invariant violations, content-word overlap, sentence counts
 * changed by splits and joins, sentences whose content was dropped or made up (the sentence rule:
 * sentencesWithoutCounterpart), and CPU time per text. `--show K` prints K before/after pairs; `--explain` breaks the
 * shipped detector's logit into its parts before and after, beside human texts; `--attribute` does the same for
 * the two judges (their features and character n-grams furthest above human texts after the rewrite, overall and
 * per domain): analysis for whoever works on the rewriter, which never consults the judges itself.
 */
import { loadTextDetector, logitBreakdown, type LogitBreakdown, type TextDetector } from '../../server/engines/text-detect/index.ts';
import { createGrammarEngine } from '../../server/engines/grammar/index.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { checkInvariants, contentWordOverlap, humanizeChecked, HUMANIZER_ENGINE_VERSION, openAiCompatibleRewriter, sentencesWithoutCounterpart } from '../../server/engines/humanize/index.ts';
import { heldOut, operatingPoint, readTextDetectFile, trainJudges, type Judge } from '../lib/judges/index.ts';
import type { LabelledText } from '../lib/text-detect-data.ts';

/** Generator families: the held-out set is spread over these, so no one vendor's style decides. */
const FAMILIES: [RegExp, string][] = [
  [/^(?:gpt2|gpt-j|gpt-neo|opt-)/u, 'base LM'],
  [/^(?:gpt-|text-davinci)/u, 'OpenAI'],
  [/^claude/u, 'Anthropic'],
  [/^(?:palm|gemini|gemma|flan)/u, 'Google'],
  [/^(?:llama|vicuna|guanaco|tulu|wizardlm|xwinlm|oasst)/u, 'Llama family'],
  [/^(?:mistral|mixtral|zephyr|openhermes|starling)/u, 'Mistral family'],
];
const familyOf = (generator: string): string => FAMILIES.find(([pattern]) => pattern.test(generator))?.[1] ?? 'other open models';

interface Row {
  group: string;
  domain: string;
  family: string;
  /** Each judge's score before and after, the shipped detector first. */
  before: number[];
  after: number[];
  grammarAdded: number;
  violations: string[];
  overlap: number;
  sentenceChange: number;
  /** Sentences whose content went (dropped) or was made up (added): sentencesWithoutCounterpart. */
  orphans: { dropped: number; added: number };
  changed: boolean;
  cpuMs: number;
  explainBefore?: LogitBreakdown;
  explainAfter?: LogitBreakdown;
  /** The rewrite, kept for `--attribute`. */
  output: string;
}

function option(args: string[], name: string): number | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
}

const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;

/** Up to `perGroup` held-out AI texts of each (domain, family), evenly spaced within the group. */
function sample(records: LabelledText[], perGroup: number): LabelledText[] {
  const groups = new Map<string, LabelledText[]>();
  for (const r of records) {
    if (r.label !== 'ai' || countWords(r.text) < 50 || countWords(r.text) > 2000) continue;
    const key = `${r.domain} / ${familyOf(r.generator)}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.keys()].sort().flatMap((key) => evenlySpaced(groups.get(key)!, perGroup));
}

/** Up to `count` items of `list`, evenly spaced. */
function evenlySpaced<T>(list: T[], count: number): T[] {
  const step = Math.max(1, list.length / count);
  return Array.from({ length: Math.min(count, list.length) }, (_, i) => list[Math.floor(i * step)]);
}

const sentenceCount = (text: string): number => splitSentences(text).filter((s) => /\p{L}/u.test(s.text)).length;

/** The human texts of dev.jsonl with 50 to 2,000 words: what the rewrites' parts are set beside. */
function devHumanTexts(): LabelledText[] {
  return readTextDetectFile('dev.jsonl').filter((r) => r.label !== 'ai' && countWords(r.text) >= 50 && countWords(r.text) <= 2000);
}

/** The part of the logit a feature belongs to. */
function partGroup(name: string): string {
  if (name === 'bias') return 'bias';
  if (name.endsWith('_ngrams')) return 'n-gram weights';
  if (name.startsWith('ng_')) return 'trigram pair (ng_*)';
  if (name.startsWith('lm_')) return 'human LM (lm_*)';
  return 'stylometric';
}

/** Mean of each part over texts, parts pooled by `key(name)` (a part a text lacks counts 0). */
function meanParts(list: Iterable<[string, number]>[], key: (name: string) => string = (name) => name): Map<string, number> {
  const out = new Map<string, number>();
  for (const parts of list) for (const [name, x] of parts) out.set(key(name), (out.get(key(name)) ?? 0) + x / list.length);
  return out;
}

/** Prints where the logit sits before and after, beside human texts: what holds the rewrites' scores up. */
function explainParts(rows: Row[], detector: TextDetector, human: string[]): void {
  const before = rows.map((r) => r.explainBefore!).filter(Boolean);
  const after = rows.map((r) => r.explainAfter!).filter(Boolean);
  const people = human.map((t) => logitBreakdown(detector, t)!).filter(Boolean);
  if (after.length === 0) return;
  const f = (x: number | undefined): string => (x ?? 0).toFixed(3).padStart(8);
  console.log(`\nlogit by part, mean over texts (human: ${people.length} human dev texts of 50-2,000 words)\n${'part'.padEnd(22)}${'before'.padStart(8)}${'after'.padStart(8)}${'human'.padStart(8)}`);
  const [b, a, h] = [before, after, people].map((list) => meanParts(list.map((x) => Object.entries(x.parts)), partGroup));
  for (const group of a.keys()) console.log(`${group.padEnd(22)}${f(b.get(group))}${f(a.get(group))}${f(h.get(group))}`);
  const gap = (list: LogitBreakdown[]): number => list.reduce((s, x) => s + x.logit - x.threshold, 0) / Math.max(1, list.length);
  const flagged = after.filter((x) => x.logit > x.threshold);
  console.log(`${'logit − 0.5 point'.padEnd(22)}${f(gap(before))}${f(gap(after))}${f(gap(people))}   (texts still above it after: ${flagged.length}, mean ${gap(flagged).toFixed(3)} above)`);
  const [bf, af, hf] = [before, after, people].map((list) => meanParts(list.map((x) => Object.entries(x.parts))));
  const furthest = [...af.keys()].sort((x, y) => Math.abs(af.get(y)! - hf.get(y)!) - Math.abs(af.get(x)! - hf.get(x)!)).slice(0, 8);
  console.log(`features furthest from human after (before / after / human): ${furthest.map((k) => `${k} ${bf.get(k)!.toFixed(2)}/${af.get(k)!.toFixed(2)}/${hf.get(k)!.toFixed(2)}`).join(', ')}`);
}

/** Parts shown per judge: overall, and per domain. */
const TOP_PARTS = 12;
const TOP_PARTS_PER_DOMAIN = 5;

/**
 * For each judge that can say what its logit is made of: the parts (features, character n-grams)
 * whose mean share of the logit on the rewrites stands furthest above their mean on human texts,
 * over all rewrites and per domain (each domain's human texts of dev.jsonl beside it).
 */
function attributeJudges(rows: Row[], judges: Judge[]): void {
  const human = devHumanTexts();
  const spacedTexts = (list: LabelledText[], count: number): string[] => evenlySpaced(list, count).map((r) => r.text);
  for (const judge of judges) {
    const { parts } = judge;
    if (!parts) continue;
    const excess = (texts: string[], people: string[], top: number): string => {
      const [a, h] = [texts, people].map((list) => meanParts(list.map(parts)));
      const gap = (k: string): number => (a.get(k) ?? 0) - (h.get(k) ?? 0);
      return [...a.keys()].sort((x, y) => gap(y) - gap(x)).slice(0, top).map((k) => `${JSON.stringify(k)} ${a.get(k)!.toFixed(3)}/${(h.get(k) ?? 0).toFixed(3)}`).join(', ');
    };
    console.log(`\n${judge.name}: parts furthest above human texts after the rewrite (mean share of the logit, after/human)`);
    console.log(`  all: ${excess(rows.map((r) => r.output), spacedTexts(human, 300), TOP_PARTS)}`);
    for (const domain of [...new Set(rows.map((r) => r.domain))].sort()) {
      const people = spacedTexts(human.filter((r) => r.domain === domain), 60);
      if (people.length > 0) console.log(`  ${domain}: ${excess(rows.filter((r) => r.domain === domain).map((r) => r.output), people, TOP_PARTS_PER_DOMAIN)}`);
    }
  }
}

export async function run(args: string[]): Promise<void> {
  const perGroup = option(args, '--per-group') ?? 3;
  const show = option(args, '--show') ?? 0;
  const explain = args.includes('--explain');
  const attribute = args.includes('--attribute');
  const llm = args.includes('--llm') && process.env.HUMANIZER_LLM_URL && process.env.HUMANIZER_LLM_MODEL ? openAiCompatibleRewriter({ url: process.env.HUMANIZER_LLM_URL, model: process.env.HUMANIZER_LLM_MODEL, apiKey: process.env.HUMANIZER_LLM_API_KEY }) : undefined;
  const detector = loadTextDetector();
  const grammar = await createGrammarEngine();
  const held = heldOut();
  const records = sample(held, perGroup);
  console.log(`training the judges (scripts/lib/judges) ...`);
  const measured = held.filter((r) => countWords(r.text) >= 50);
  // The shipped detector at its own threshold, on the same texts (half B of extra.jsonl was in its training data).
  const judges = [operatingPoint(`shipped ${detector.version}`, (t) => detector.detect(t).aiScore, measured, 0.5), ...trainJudges(measured)];
  const names = judges.map((j) => j.name);
  const scorers = judges.map((j) => j.score);
  const thresholds = judges.map((j) => j.threshold);
  console.log(`humanizer ${HUMANIZER_ENGINE_VERSION}${llm ? ' through the LLM' : ''}: ${records.length} held-out AI texts (50-2,000 words), up to ${perGroup} per (domain, generator family)`);
  for (const j of judges) console.log(`judge ${j.name}: held-out AUC ${j.auc.toFixed(3)}, flags ${pct(j.fpr)} of held-out human texts above ${j.threshold.toFixed(3)}`);
  const rows: Row[] = [];
  let shown = 0;
  for (const record of records) {
    const cpu = process.cpuUsage();
    const result = await humanizeChecked(record.text, { detector, grammar, ...(llm ? { llm } : {}) });
    const cpuMs = process.cpuUsage(cpu).user / 1000;
    const family = familyOf(record.generator);
    const issues = async (t: string) => (await grammar.correct(t, 'auto')).diff.length;
    rows.push({
      group: `${record.domain} / ${family}`,
      domain: record.domain,
      family,
      before: scorers.map((s) => s(record.text)),
      after: scorers.map((s) => s(result.text)),
      grammarAdded: (await issues(result.text)) - (await issues(record.text)),
      violations: checkInvariants(record.text, result.text).violations,
      overlap: contentWordOverlap(record.text, result.text),
      sentenceChange: sentenceCount(result.text) - sentenceCount(record.text),
      orphans: sentencesWithoutCounterpart(record.text, result.text),
      changed: result.text !== record.text,
      cpuMs,
      output: result.text,
      ...(explain ? { explainBefore: logitBreakdown(detector, record.text), explainAfter: logitBreakdown(detector, result.text) } : {}),
    });
    if (shown < show) {
      shown++;
      console.log(`\n--- ${record.domain} / ${record.generator} ${result.scoreBefore.toFixed(3)} -> ${result.scoreAfter.toFixed(3)}\n${record.text}\n+++\n${result.text}`);
    }
  }

  const flagged = (list: Row[], k: number, key: 'before' | 'after') => mean(list.map((r) => (r[key][k] > thresholds[k] ? 1 : 0)));
  const line = (label: string, list: Row[]) =>
    [label.padEnd(34), String(list.length).padStart(4), ...names.map((_, k) => `${pct(flagged(list, k, 'before')).padStart(5)} ${pct(flagged(list, k, 'after')).padStart(5)}`), mean(list.map((r) => r.grammarAdded)).toFixed(2).padStart(6), String(list.filter((r) => r.violations.length > 0).length).padStart(5), Math.min(...list.map((r) => r.overlap)).toFixed(2).padStart(6), String(list.filter((r) => !r.changed).length).padStart(6)].join(' ');
  console.log(`\nflagged before / after by: ${names.map((n, k) => `[${k + 1}] ${n}`).join(', ')}`);
  console.log(`${'group'.padEnd(34)} ${'n'.padStart(4)} ${names.map((_, k) => `[${k + 1}] b/a`.padStart(11)).join(' ')} ${'+gram'.padStart(6)} ${'viol'.padStart(5)} ${'minovl'.padStart(6)} ${'unchg'.padStart(6)}`);
  console.log(line('all', rows));
  for (const domain of [...new Set(rows.map((r) => r.domain))].sort()) console.log(line(`domain ${domain}`, rows.filter((r) => r.domain === domain)));
  for (const family of [...new Set(rows.map((r) => r.family))].sort()) console.log(line(`family ${family}`, rows.filter((r) => r.family === family)));
  // Each judge's worst domain and worst family: the share it still flags after, highest first (ties: more texts).
  for (const [kind, key] of [['domain', 'domain'], ['family', 'family']] as const) {
    const groups = [...new Set(rows.map((r) => r[key]))].map((g) => ({ g, list: rows.filter((r) => r[key] === g) }));
    const worst = names.map((name, k) => {
      const { g, list } = groups.reduce((a, b) => (flagged(b.list, k, 'after') > flagged(a.list, k, 'after') || (flagged(b.list, k, 'after') === flagged(a.list, k, 'after') && b.list.length > a.list.length) ? b : a));
      return `[${k + 1}] ${g} ${pct(flagged(list, k, 'before'))} -> ${pct(flagged(list, k, 'after'))} (n ${list.length})`;
    });
    console.log(`worst ${kind}: ${worst.join('; ')}`);
  }
  const violations = rows.flatMap((r) => r.violations);
  if (violations.length > 0) console.log(`\ninvariant violations:\n  ${violations.slice(0, 20).join('\n  ')}`);
  const cpu = rows.map((r) => r.cpuMs).sort((a, b) => a - b);
  console.log(`\ngrammar issues added per text: mean ${mean(rows.map((r) => r.grammarAdded)).toFixed(2)}, max ${Math.max(...rows.map((r) => r.grammarAdded))}; content-word overlap: mean ${mean(rows.map((r) => r.overlap)).toFixed(3)}, min ${Math.min(...rows.map((r) => r.overlap)).toFixed(3)}; sentence count changed by splits or joins in ${rows.filter((r) => r.sentenceChange !== 0).length} texts; sentences whose content was dropped ${rows.reduce((n, r) => n + r.orphans.dropped, 0)} (in ${rows.filter((r) => r.orphans.dropped > 0).length} texts), made up ${rows.reduce((n, r) => n + r.orphans.added, 0)}; unchanged ${rows.filter((r) => !r.changed).length}; CPU per text p50 ${Math.round(cpu[Math.floor(cpu.length / 2)])} ms, max ${Math.round(cpu.at(-1) ?? 0)} ms`);
  if (explain) explainParts(rows, detector, evenlySpaced(devHumanTexts(), rows.length).map((r) => r.text));
  if (attribute) attributeJudges(rows, judges);
}
