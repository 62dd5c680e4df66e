/**
 * Playground: the API with the account's credits, the price shown before sending. Detection
 * highlights each sentence by its score; the humanizer shows both texts side by side; grammar shows
 * its diff inline; plagiarism highlights the matched ranges, each linked to its source.
 */
import { diffWordsWithSpace } from 'diff';
import { creditsProse, IMAGE_MAX_CREDITS, IMAGE_MIN_CREDITS, imageCredits, PRICES, TEXT_BOUNDS, voiceCredits, VOICE_UNDETERMINED_NOTE } from '../../../../contract/catalogue.ts';
import { api, call, csrfHeader, PortalError, type Schemas } from '../api.ts';
import { niceTicks } from '../chart.ts';
import { app, countWords, field, fitted, h, labelCells, messageArea, number, svg } from '../dom.ts';
import { SAMPLES } from '../samples.ts';


/** Five score bands, each a class with a readable text colour on its background. */
const band = (score: number) => `score-${Math.min(4, Math.floor(score * 5))}`;
const codePoints = (text: string) => Array.from(text);

/** Which sentences carry the detection verdict: how many read as AI, and which. */
function sentenceVerdict(items: { prediction: string }[]): string {
  const ai = items.map((item, i) => (item.prediction === 'ai-generated' ? i + 1 : 0)).filter((i) => i > 0);
  if (ai.length === 0) return `No sentence of ${items.length} reads as AI.`;
  if (ai.length === items.length) return `All ${items.length} sentences read as AI.`;
  return `${ai.length} of ${items.length} sentences read as AI (underlined): ${ai.length === 1 ? 'sentence' : 'sentences'} ${ai.join(', ')}.`;
}

/** What a text tool sends: the text typed, a document file, or a link to read. */
type Source = { content: string } | { file: File } | { url: string };

interface Tool {
  id: keyof typeof SAMPLES;
  label: string;
  button: string;
  price(text: string): string;
  run(source: Source): Promise<(Node | null)[]>;
}

/** The request options of a text tool: JSON (content or url, with `extra`), or the file as multipart with `extra` as form fields. */
function textRequest(source: Source, extra: Record<string, string> = {}) {
  if (!('file' in source)) return { params: csrfHeader, body: { ...source, ...extra } };
  const form = new FormData();
  form.append('file', source.file);
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  return { params: csrfHeader, body: {} as never, bodySerializer: () => form };
}

/** The text the result's offsets refer to: the document's when one was read. */
const textOf = (source: Source, document: Schemas['DocumentInfo'] | undefined) => document?.text ?? ('content' in source ? source.content : '');

const TYPE_NAMES: Record<Schemas['DocumentInfo']['type'], string> = { pdf: 'PDF', docx: 'Word document', odt: 'OpenDocument text', html: 'Web page', markdown: 'Markdown', text: 'Text file' };

/** One line on the document read: its kind, title, pages, words and where it came from. */
function documentLine(document: Schemas['DocumentInfo'] | undefined): Node | null {
  if (!document) return null;
  const parts = [TYPE_NAMES[document.type], document.title ? `“${document.title}”` : null, document.pages ? `${document.pages} page${document.pages === 1 ? '' : 's'}` : null, `${number(document.words)} words read`].filter(Boolean);
  return h('p', { class: 'hint document-line' }, parts.join(' · '), ...(document.url ? [' · from ', h('a', { href: document.url, rel: 'noreferrer' }, document.url)] : []));
}

/** "page 2, paragraph 5" for a place in a document, or nothing. */
const placeOf = (item: { page?: number; paragraph?: number }) => [item.page ? `page ${item.page}` : null, item.paragraph !== undefined ? `paragraph ${item.paragraph + 1}` : null].filter(Boolean).join(', ');

/** The verdicts and classes of the API, as words for a headline. */
const WORDS: Record<string, string> = {
  ai: 'AI-written', human: 'human-written', ai_voice: 'AI voice', natural_voice: 'natural voice', undetermined: 'undetermined',
  real: 'Real photo', fake: 'AI-generated', inpainting: 'AI-edited (inpainting)',
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The price of a text, or what it lacks: no price is shown for a text the endpoint would refuse
 * (a refused text is never charged).
 */
const perWord = (operation: keyof typeof PRICES.perWord, endpoint: string) => (text: string) => {
  const bounds = TEXT_BOUNDS[operation];
  const words = countWords(text);
  if (words < bounds.minWords) return `Needs at least ${number(bounds.minWords)} words (this text has ${number(words)}); nothing is charged for a text that is refused.`;
  if (words > bounds.maxWords) return `At most ${number(bounds.maxWords)} words (this text has ${number(words)}); shorten it to send it.`;
  const credits = words * PRICES.perWord[operation];
  return `Costs ${creditsProse(credits)} (${number(PRICES.perWord[operation])} per word), charged exactly like ${endpoint}.`;
};

/** The insufficient-credits refusal with its figures formatted and what to do about it. */
function errorContent(error: unknown): [string, ...Node[]] {
  if (error instanceof PortalError && error.code === 'insufficient_credits' && typeof error.details?.required === 'number' && typeof error.details.credits === 'number') {
    return [`This costs ${number(error.details.required)} credits and your balance is ${number(error.details.credits)}. Try a shorter text or file, wait for the monthly reset, or ask the operator for a larger plan. `,
      h('a', { href: '/portal/usage' }, 'See your balance and next reset')];
  }
  return [(error as Error).message];
}

const tools: Tool[] = [
  {
    id: 'detect', label: 'AI text detection', button: 'Detect', price: perWord('detectText', 'POST /api/detector/'),
    async run(source) {
      const r = await call(api.POST('/portal/api/playground/detector/', textRequest(source)));
      const paged = r.items.some((item) => item.page !== undefined);
      return [
        h('h3', {}, `AI score ${(r.ai_score * 100).toFixed(1)}%: ${WORDS[r.result]}`),
        h('p', { class: 'hint' }, `${r.word_count} words · ${number(r.credits_remaining)} credits remaining · ${r.service_name}`),
        documentLine(r.document),
        // The engine's own caveat (a text too short for a confident verdict, a non-English text) belongs beside the score.
        r.message ? h('p', { role: 'note' }, r.message) : null,
        h('p', { class: 'hint sentence-verdict' }, sentenceVerdict(r.items)),
        // Sentences that read as AI are underlined as well as coloured: they carry the verdict.
        h('p', { class: 'highlighted' }, ...r.items.flatMap((item, i) => [
          // A page's first sentence is marked with its page, so the highlights say where they are in the document.
          item.page !== undefined && item.page !== r.items[i - 1]?.page ? h('span', { class: 'page-label' }, `p. ${item.page}`) : null,
          h('mark', { class: `${band(item.ai_score)}${item.prediction === 'ai-generated' ? ' reads-ai' : ''}`, title: [`AI score ${item.ai_score}`, placeOf(item)].filter(Boolean).join(', ') }, item.text), ' ',
        ].filter((n) => n !== null))),
        h('ul', { class: 'legend', 'aria-label': 'Highlight colours' }, ...[0, 1, 2, 3, 4].map((b) => h('li', {}, h('span', { class: `swatch score-${b}`, 'aria-hidden': 'true' }), `AI score ${b * 20}–${b * 20 + 20}%`))),
        h('table', {}, h('caption', {}, 'Score per sentence'),
          h('thead', {}, h('tr', {}, ...[...(paged ? ['Page'] : []), 'Sentence', 'Prediction', 'AI score'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', {}, ...r.items.map((item) => h('tr', {}, ...(paged ? [h('td', { class: 'num' }, String(item.page ?? ''))] : []), h('td', {}, item.text), h('td', {}, item.prediction), h('td', { class: 'num' }, item.ai_score.toFixed(3)))))),
      ];
    },
  },
  {
    id: 'humanize', label: 'Humanizer', button: 'Humanize', price: perWord('humanize', 'POST /api/humanizer/'),
    async run(source) {
      const r = await call(api.POST('/portal/api/playground/humanizer/', textRequest(source)));
      const content = textOf(source, r.document);
      // Word by word, what the rewrite removed and what it put in.
      const changes = diffWordsWithSpace(content, r.result).map((part) => (part.removed ? h('del', {}, part.value) : part.added ? h('ins', {}, part.value) : part.value));
      return [
        h('h3', {}, `AI score ${(r.ai_score_before * 100).toFixed(1)}% before, ${(r.ai_score_after * 100).toFixed(1)}% after`),
        h('p', { class: 'hint' }, `${r.word_count} words · ${number(r.credits_remaining)} credits remaining · ${r.service_name}`),
        documentLine(r.document),
        h('h3', {}, 'Changes'),
        h('p', { class: 'diff' }, ...changes),
        h('div', { class: 'side-by-side' },
          h('section', { 'aria-label': 'Original' }, h('h3', {}, 'Original'), h('p', {}, content)),
          h('section', { 'aria-label': 'Humanized' }, h('h3', {}, 'Humanized'), h('p', {}, r.result))),
      ];
    },
  },
  {
    id: 'grammar', label: 'Grammar', button: 'Correct', price: perWord('correctGrammar', 'POST /api/grammar/correct/'),
    async run(source) {
      const r = await call(api.POST('/portal/api/playground/grammar/', textRequest(source)));
      const chars = codePoints(textOf(source, r.document));
      const out: (Node | string)[] = [];
      let at = 0;
      for (const op of [...r.diff].sort((a, b) => a.start - b.start)) {
        out.push(chars.slice(at, op.start).join(''));
        const where = placeOf(op) ? ` (${placeOf(op)})` : '';
        if (op.original) out.push(h('del', { title: `removed "${op.original}"${where}` }, op.original));
        if (op.corrected) out.push(h('ins', { title: `added "${op.corrected}"${where}` }, op.corrected));
        at = op.end;
      }
      out.push(chars.slice(at).join(''));
      return [
        h('h3', {}, r.changed ? `${r.edits_count} correction${r.edits_count === 1 ? '' : 's'}` : 'No corrections: the text is clean'),
        h('p', { class: 'hint' }, `${r.input_words} words charged · ${number(r.credits_remaining)} credits remaining`),
        documentLine(r.document),
        h('p', { class: 'diff' }, ...out),
        r.issues.length ? h('ul', {}, ...r.issues.map((i) => h('li', {}, `${i.category} (${i.severity}): ${i.message}`))) : null,
        h('h3', {}, 'Corrected text'), h('p', {}, r.corrected_text),
      ];
    },
  },
  {
    id: 'plagiarism', label: 'Plagiarism', button: 'Scan', price: (text) => Array.from(text.trim()).length < TEXT_BOUNDS.scanPlagiarism.minChars
      ? `Needs at least ${TEXT_BOUNDS.scanPlagiarism.minChars} characters; nothing is charged for a text that is refused.`
      : `Costs ${creditsProse(PRICES.plagiarismScan)} per scan, charged exactly like POST /api/plagiarism/scan/. The text is compared with the sources this server holds; with none (a fresh install), the scan is refused and not charged.`,
    async run(source) {
      const r: Schemas['PlagiarismResult'] = await call(api.POST('/portal/api/playground/plagiarism/', textRequest(source)));
      const chars = codePoints(textOf(source, r.document));
      const out: (Node | string)[] = [];
      let at = 0;
      for (const hl of [...r.highlights].sort((a, b) => a.start - b.start)) {
        if (hl.start < at) continue;
        out.push(chars.slice(at, hl.start).join(''));
        const where = placeOf(hl) ? `, ${placeOf(hl)}` : '';
        out.push(h('a', { href: `#source-${hl.source_index}`, class: `match ${hl.severity}`, title: `${hl.severity} similarity: source ${hl.source_index + 1}${where}` }, chars.slice(hl.start, hl.end).join(''), h('sup', {}, hl.page ? `${hl.source_index + 1}, p. ${hl.page}` : String(hl.source_index + 1))));
        at = hl.end;
      }
      out.push(chars.slice(at).join(''));
      return [
        h('h3', {}, r.summary),
        h('p', { class: 'hint' }, `${number(r.credits_remaining)} credits remaining`),
        documentLine(r.document),
        h('p', { class: 'highlighted' }, ...out),
        r.sources.length
          ? h('ol', { class: 'sources' }, ...r.sources.map((src, i) => h('li', { id: `source-${i}` }, h('a', { href: src.url, rel: 'noreferrer' }, src.title || src.url), ` (${src.domain}): ${src.matched_percentage.toFixed(1)}% of the text, ${src.matched_word_count} words`)))
          : h('p', {}, 'No source matched.'),
      ];
    },
  },
];

/** A tool that takes a file: its price is read from the file (dimensions, duration) before sending. */
interface FileTool {
  id: 'image' | 'voice';
  label: string;
  button: string;
  accept: string;
  price(file: File): Promise<string>;
  run(file: File): Promise<(Node | null)[]>;
}

function upload(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

async function audioSeconds(file: File): Promise<number> {
  const url = URL.createObjectURL(file);
  try {
    const audio = new Audio();
    audio.preload = 'metadata';
    audio.src = url;
    await new Promise((resolve, reject) => {
      audio.onloadedmetadata = resolve;
      audio.onerror = () => reject(new Error('unreadable'));
    });
    return audio.duration;
  } finally {
    URL.revokeObjectURL(url);
  }
}

const seconds = (t: string) => Number.parseFloat(t);

/**
 * The voice segments as a timeline: one bar per segment, its height the AI probability, with a
 * time axis (round seconds) and a probability axis, drawn at its container's width. A table
 * below gives each segment's figures.
 */
function timeline(r: Schemas['VoiceResult']): Element[] {
  const table = h('table', { class: 'stack' }, h('caption', {}, 'Segments'),
    h('thead', {}, h('tr', {}, ...['From', 'To', 'Verdict', 'AI probability'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, ...r.segments.map((seg) => h('tr', {}, h('td', {}, seg.start_time), h('td', {}, seg.end_time), h('td', {}, WORDS[seg.verdict]), h('td', { class: 'num' }, `${(seg.ai_probability * 100).toFixed(1)}%`)))));
  labelCells(table);
  return [fitted((width) => timelineChart(r, width)), table];
}

function timelineChart(r: Schemas['VoiceResult'], width: number): Element {
  const height = 160, left = 40, top = 10, bottom = 26;
  const total = Math.max(r.duration_seconds, 0.001);
  const x = (t: number) => left + (t / total) * (width - left);
  const y = (p: number) => top + (height - top - bottom) * (1 - p);
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-labelledby': 'timeline-title', class: 'chart' },
    svg('title', { id: 'timeline-title' }, `AI probability over time, ${r.segments.length} segments of ${r.duration_seconds.toFixed(1)} seconds of audio.`));
  for (const p of [0, 0.5, 1]) {
    chart.append(svg('line', { x1: left, x2: width, y1: y(p), y2: y(p), class: 'grid' }), svg('text', { x: left - 6, y: y(p) + 4, 'text-anchor': 'end', class: 'axis' }, `${p * 100}%`));
  }
  for (const seg of r.segments) {
    const [start, end] = [seconds(seg.start_time), seconds(seg.end_time)];
    chart.append(svg('rect', { x: x(start), width: Math.max(1, x(end) - x(start) - 1), y: y(seg.ai_probability), height: Math.max(1, y(0) - y(seg.ai_probability)), class: seg.verdict === 'ai_voice' ? 'seg-ai' : 'seg-natural' },
      svg('title', {}, `${seg.start_time}–${seg.end_time}: ${WORDS[seg.verdict]}, AI probability ${(seg.ai_probability * 100).toFixed(0)}%`)));
  }
  // About one time label per 60 px, at round seconds.
  for (const t of niceTicks(total, Math.max(2, Math.floor((width - left) / 60))).filter((t) => t <= total)) {
    chart.append(svg('text', { x: x(t), y: height - 8, 'text-anchor': t === 0 ? 'start' : x(t) > width - 20 ? 'end' : 'middle', class: 'axis' }, `${t} s`));
  }
  return chart;
}

const fileTools: FileTool[] = [
  {
    id: 'image', label: 'Image detection', button: 'Classify image', accept: 'image/jpeg,image/png,image/webp,image/gif,image/bmp,image/tiff',
    async price(file) {
      try {
        const bitmap = await createImageBitmap(file);
        const { width, height } = bitmap;
        bitmap.close();
        return `Costs ${imageCredits(width, height)} credits (${width}×${height}; ${IMAGE_MIN_CREDITS} to ${IMAGE_MAX_CREDITS} by size), charged exactly like POST /api/image-detector/predict/.`;
      } catch {
        return `Costs ${IMAGE_MIN_CREDITS} to ${IMAGE_MAX_CREDITS} credits by size; this browser cannot read the image, the server will say whether it can.`;
      }
    },
    async run(file) {
      const r = await call(api.POST('/portal/api/playground/image/', { params: csrfHeader, body: {} as never, bodySerializer: () => upload(file) }));
      const url = URL.createObjectURL(file);
      return [
        h('h3', {}, `${WORDS[r.prediction]} (confidence ${(r.confidence * 100).toFixed(1)}%)`),
        h('p', { class: 'hint' }, `${r.credits_charged} credits charged · ${number(r.credits_remaining)} credits remaining`),
        h('div', { class: 'row' },
          h('img', { src: url, alt: 'The uploaded image', class: 'preview' }),
          h('dl', { class: 'bars' }, ...(['real', 'fake', 'inpainting'] as const).flatMap((k) => [
            h('dt', {}, h('label', { for: `p-${k}` }, WORDS[k])),
            // Coloured by class (portal.css): green for a real photo, red and orange for the AI classes.
            h('dd', {}, h('meter', { id: `p-${k}`, class: `p-${k}`, min: 0, max: 1, value: r.probabilities[k] }), ` ${(r.probabilities[k] * 100).toFixed(1)}%`),
          ]))),
      ];
    },
  },
  {
    id: 'voice', label: 'Voice detection', button: 'Classify voice', accept: 'audio/*,.wav,.flac,.ogg,.mp3,.m4a,.aac',
    async price(file) {
      try {
        const { credits, billedSeconds } = voiceCredits(await audioSeconds(file));
        return `Costs ${number(credits)} credits (${billedSeconds} s at ${PRICES.voicePerSecond} per second), charged exactly like POST /api/voice-detector/detect/; ${VOICE_UNDETERMINED_NOTE.replaceAll('`', '')}.`;
      } catch {
        return `Costs ${creditsProse(PRICES.voicePerSecond)} per second of audio (${VOICE_UNDETERMINED_NOTE.replaceAll('`', '')}); this browser cannot read the file, the server will say whether it can.`;
      }
    },
    async run(file) {
      const r = await call(api.POST('/portal/api/playground/voice/', { params: csrfHeader, body: {} as never, bodySerializer: () => upload(file) }));
      return [
        h('h3', {}, `${capital(WORDS[r.verdict])} (AI probability ${(r.ai_probability * 100).toFixed(1)}%)`),
        h('p', { class: 'hint' }, `${r.duration_seconds.toFixed(1)} s · ${r.credits_used} credits charged · ${number(r.credits_remaining)} credits remaining`),
        r.segments.length ? h('ul', { class: 'legend' }, h('li', {}, h('span', { class: 'swatch seg-ai-swatch', 'aria-hidden': 'true' }), 'AI voice'), h('li', {}, h('span', { class: 'swatch seg-natural-swatch', 'aria-hidden': 'true' }), 'natural voice')) : null,
        ...(r.segments.length ? timeline(r) : [h('p', {}, 'Audio of about 6 seconds or less has no segment timeline.')]),
      ];
    },
  },
];

export function playgroundPage(): void {
  const panel = h('div');
  const switcher = h('div', { class: 'row', role: 'group', 'aria-label': 'Capability' });
  const all: (Tool | FileTool)[] = [...tools, ...fileTools];
  const buttons = all.map((tool) => {
    const b = h('button', { type: 'button', class: 'secondary', 'aria-pressed': 'false' }, tool.label);
    b.addEventListener('click', () => ('accept' in tool ? showFile(tool) : show(tool)));
    switcher.append(b);
    return b;
  });
  const press = (tool: Tool | FileTool) => buttons.forEach((b, i) => b.setAttribute('aria-pressed', String(all[i] === tool)));

  /** A tool's form: its input, the price, and on submit the result (or the error) under it. */
  function showForm(tool: Tool | FileTool, label: string, input: HTMLInputElement | HTMLTextAreaElement, price: HTMLElement, run: () => Promise<(Node | null)[]>, more: Node | null = null) {
    press(tool);
    const message = messageArea();
    const result = h('section', { 'aria-live': 'polite', class: 'result', 'aria-label': 'Result' });
    const submit = h('button', { type: 'submit' }, tool.button);
    const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': 'tool-title' }, h('h2', { id: 'tool-title' }, tool.label), field(label, input), ...(more ? [more] : []), price, message.el, submit);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      message.clear();
      submit.disabled = true;
      try {
        result.replaceChildren(...(await run()).filter((n): n is Node => n !== null));
      } catch (error) {
        message.error(...errorContent(error));
      } finally {
        submit.disabled = false;
      }
    });
    panel.replaceChildren(form, result);
  }

  function showFile(tool: FileTool) {
    const input = h('input', { type: 'file', name: 'file', accept: tool.accept, required: true });
    const price = h('p', { class: 'hint', 'aria-live': 'polite' }, 'Choose a file to see its price.');
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      price.textContent = file ? await tool.price(file) : 'Choose a file to see its price.';
    });
    showForm(tool, 'File', input, price, async () => {
      const file = input.files?.[0];
      if (!file) throw new Error('Choose a file first.');
      return tool.run(file);
    });
  }

  /**
   * A text tool's form: the text, or instead a document (a file chosen or dropped on the form) or
   * a link to one, read by the server. The price of a document is that of the text read out of it.
   */
  function show(tool: Tool) {
    const text = h('textarea', { rows: 7, name: 'content', required: true });
    text.value = SAMPLES[tool.id];
    const file = h('input', { type: 'file', name: 'file', accept: '.pdf,.docx,.odt,.html,.htm,.md,.markdown,.txt,application/pdf,text/html,text/plain,text/markdown' });
    const link = h('input', { type: 'url', name: 'url', placeholder: 'https://example.com/article.html', inputmode: 'url' });
    const price = h('p', { class: 'hint', id: 'price', 'aria-live': 'polite' }, tool.price(text.value));
    const documentPrice = `Charged like the text read out of the document (PDF, DOCX, ODT, HTML, Markdown or text), exactly as ${tool.id === 'plagiarism' ? 'a scan of that text' : 'if it were typed'}; nothing is charged when it cannot be read.`;
    const update = () => (price.textContent = file.files?.length || link.value.trim() ? documentPrice : tool.price(text.value));
    text.addEventListener('input', update);
    file.addEventListener('change', () => {
      if (file.files?.length) link.value = '';
      update();
    });
    link.addEventListener('input', () => {
      if (link.value.trim()) file.value = '';
      update();
    });
    const documentFields = h('fieldset', { class: 'document-input' }, h('legend', {}, 'Or a document instead of the text'),
      field('Document file (or drop it on this form)', file), field('Or a link to a page or file', link));
    showForm(tool, 'Text', text, price, () => {
      const chosen = file.files?.[0];
      return tool.run(chosen ? { file: chosen } : link.value.trim() ? { url: link.value.trim() } : { content: text.value });
    }, documentFields);
    // A file dropped anywhere on the form is the document.
    const form = panel.querySelector('form')!;
    form.addEventListener('dragover', (event) => event.preventDefault());
    form.addEventListener('drop', (event) => {
      const dropped = event.dataTransfer?.files;
      if (!dropped?.length) return;
      event.preventDefault();
      file.files = dropped;
      file.dispatchEvent(new Event('change'));
    });
  }

  app().replaceChildren(h('p', {}, 'Try the API with your account\'s credits. The price is shown before you send. '), switcher, panel);
  show(tools[0]);
}
