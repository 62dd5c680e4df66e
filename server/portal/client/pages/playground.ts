/**
 * Playground: the API with the account's credits, the price shown before sending. Detection
 * highlights each sentence by its score; the humanizer shows both texts side by side; grammar shows
 * its diff inline; plagiarism highlights the matched ranges, each linked to its source.
 */
import { api, call, csrfHeader, type Schemas } from '../api.ts';
import { app, countWords, field, h, messageArea, number } from '../dom.ts';

const SAMPLES = {
  detect: 'The committee reviewed the proposal on Monday. In conclusion, it is important to note that leveraging synergies can significantly enhance overall operational efficiency. We went for coffee afterwards and argued about the budget.',
  humanize: 'Artificial intelligence has become an integral part of modern society, transforming the way we live and work. Moreover, it is important to note that these technologies offer numerous benefits across various industries. Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation in an ever-evolving landscape.',
  grammar: 'She go to school every days and she have two brother. Their going to the park tomorow.',
  plagiarism: 'The mitochondrion is a double-membrane-bound organelle found in most eukaryotic organisms. It is often called the powerhouse of the cell.',
};

/** Five score bands, each a class with a readable text colour on its background. */
const band = (score: number) => `score-${Math.min(4, Math.floor(score * 5))}`;
const codePoints = (text: string) => Array.from(text);

interface Tool {
  id: keyof typeof SAMPLES;
  label: string;
  button: string;
  price(text: string): string;
  run(text: string): Promise<(Node | null)[]>;
}

const perWord = (endpoint: string) => (text: string) => {
  const words = countWords(text);
  return `Costs ${number(words)} credit${words === 1 ? '' : 's'} (1 per word), charged exactly like ${endpoint}.`;
};

const tools: Tool[] = [
  {
    id: 'detect', label: 'AI text detection', button: 'Detect', price: perWord('POST /api/detector/'),
    async run(content) {
      const r = await call(api.POST('/portal/api/playground/detector/', { params: csrfHeader, body: { content } }));
      return [
        h('h3', {}, `AI score ${(r.ai_score * 100).toFixed(1)}%: ${r.result}`),
        h('p', { class: 'hint' }, `${r.word_count} words · ${number(r.credits_remaining)} credits remaining · ${r.service_name}`),
        h('p', { class: 'highlighted' }, ...r.items.flatMap((item) => [h('mark', { class: band(item.ai_score), title: `AI score ${item.ai_score}` }, item.text), ' '])),
        h('ul', { class: 'legend', 'aria-label': 'Highlight colours' }, ...[0, 1, 2, 3, 4].map((b) => h('li', {}, h('span', { class: `swatch score-${b}`, 'aria-hidden': 'true' }), `AI score ${b * 20}–${b * 20 + 20}%`))),
        h('table', {}, h('caption', {}, 'Score per sentence'),
          h('thead', {}, h('tr', {}, ...['Sentence', 'Prediction', 'AI score'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', {}, ...r.items.map((item) => h('tr', {}, h('td', {}, item.text), h('td', {}, item.prediction), h('td', { class: 'num' }, item.ai_score.toFixed(3)))))),
      ];
    },
  },
  {
    id: 'humanize', label: 'Humanizer', button: 'Humanize', price: perWord('POST /api/humanizer/ (50 to 2,000 words)'),
    async run(content) {
      const r = await call(api.POST('/portal/api/playground/humanizer/', { params: csrfHeader, body: { content } }));
      return [
        h('p', { class: 'hint' }, `${r.word_count} words · ${number(r.credits_remaining)} credits remaining · ${r.service_name}`),
        h('div', { class: 'side-by-side' },
          h('section', { 'aria-label': 'Original' }, h('h3', {}, 'Original'), h('p', {}, content)),
          h('section', { 'aria-label': 'Humanized' }, h('h3', {}, 'Humanized'), h('p', {}, r.result))),
      ];
    },
  },
  {
    id: 'grammar', label: 'Grammar', button: 'Correct', price: perWord('POST /api/grammar/correct/ (5 to 10,000 words)'),
    async run(content) {
      const r = await call(api.POST('/portal/api/playground/grammar/', { params: csrfHeader, body: { content } }));
      const chars = codePoints(content);
      const out: (Node | string)[] = [];
      let at = 0;
      for (const op of [...r.diff].sort((a, b) => a.start - b.start)) {
        out.push(chars.slice(at, op.start).join(''));
        if (op.original) out.push(h('del', { title: `removed "${op.original}"` }, op.original));
        if (op.corrected) out.push(h('ins', { title: `added "${op.corrected}"` }, op.corrected));
        at = op.end;
      }
      out.push(chars.slice(at).join(''));
      return [
        h('h3', {}, r.changed ? `${r.edits_count} correction${r.edits_count === 1 ? '' : 's'}` : 'No corrections: the text is clean'),
        h('p', { class: 'hint' }, `${r.input_words} words charged · ${number(r.credits_remaining)} credits remaining`),
        h('p', { class: 'diff' }, ...out),
        r.issues.length ? h('ul', {}, ...r.issues.map((i) => h('li', {}, `${i.category} (${i.severity}): ${i.message}`))) : null,
        h('h3', {}, 'Corrected text'), h('p', {}, r.corrected_text),
      ];
    },
  },
  {
    id: 'plagiarism', label: 'Plagiarism', button: 'Scan', price: () => 'Costs 2 credits per scan, charged exactly like POST /api/plagiarism/scan/.',
    async run(content) {
      const r: Schemas['PlagiarismResult'] = await call(api.POST('/portal/api/playground/plagiarism/', { params: csrfHeader, body: { content } }));
      const chars = codePoints(content);
      const out: (Node | string)[] = [];
      let at = 0;
      for (const hl of [...r.highlights].sort((a, b) => a.start - b.start)) {
        if (hl.start < at) continue;
        out.push(chars.slice(at, hl.start).join(''));
        out.push(h('a', { href: `#source-${hl.source_index}`, class: `match ${hl.severity}`, title: `${hl.severity} similarity: source ${hl.source_index + 1}` }, chars.slice(hl.start, hl.end).join(''), h('sup', {}, String(hl.source_index + 1))));
        at = hl.end;
      }
      out.push(chars.slice(at).join(''));
      return [
        h('h3', {}, r.summary),
        h('p', { class: 'hint' }, `${number(r.credits_remaining)} credits remaining`),
        h('p', { class: 'highlighted' }, ...out),
        r.sources.length
          ? h('ol', { class: 'sources' }, ...r.sources.map((src, i) => h('li', { id: `source-${i}` }, h('a', { href: src.url, rel: 'noreferrer' }, src.title || src.url), ` (${src.domain}): ${src.matched_percentage.toFixed(1)}% of the text, ${src.matched_word_count} words`)))
          : h('p', {}, 'No source matched.'),
      ];
    },
  },
];

export function playgroundPage(): void {
  const panel = h('div');
  const switcher = h('div', { class: 'row', role: 'group', 'aria-label': 'Capability' });
  const buttons = tools.map((tool) => {
    const b = h('button', { type: 'button', class: 'secondary', 'aria-pressed': 'false' }, tool.label);
    b.addEventListener('click', () => show(tool));
    switcher.append(b);
    return b;
  });

  function show(tool: Tool) {
    buttons.forEach((b, i) => b.setAttribute('aria-pressed', String(tools[i] === tool)));
    const text = h('textarea', { rows: 7, name: 'content', required: true });
    text.value = SAMPLES[tool.id];
    const price = h('p', { class: 'hint', id: 'price', 'aria-live': 'polite' }, tool.price(text.value));
    text.addEventListener('input', () => (price.textContent = tool.price(text.value)));
    const message = messageArea();
    const result = h('section', { 'aria-live': 'polite', class: 'result', 'aria-label': 'Result' });
    const submit = h('button', { type: 'submit' }, tool.button);
    const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': 'tool-title' }, h('h2', { id: 'tool-title' }, tool.label), field('Text', text), price, message.el, submit);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      message.clear();
      submit.disabled = true;
      try {
        result.replaceChildren(...(await tool.run(text.value)).filter((n): n is Node => n !== null));
      } catch (error) {
        message.error((error as Error).message);
      } finally {
        submit.disabled = false;
      }
    });
    panel.replaceChildren(form, result);
  }

  app().replaceChildren(h('p', {}, 'Try the API with your account\'s credits. The price is shown before you send. Images and voice: use the API or the SDK.'), switcher, panel);
  show(tools[0]);
}
