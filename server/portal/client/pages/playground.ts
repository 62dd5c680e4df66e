/** Playground: AI text detection with the account's credits, each sentence highlighted by its score. */
import { api, call, csrfHeader, type Schemas } from '../api.ts';
import { app, countWords, field, h, messageArea, number } from '../dom.ts';

const SAMPLE = 'The committee reviewed the proposal on Monday. In conclusion, it is important to note that leveraging synergies can significantly enhance overall operational efficiency. We went for coffee afterwards and argued about the budget.';

/** Five score bands, each a class with a readable text colour on its background. */
const band = (score: number) => `score-${Math.min(4, Math.floor(score * 5))}`;

export function playgroundPage(): void {
  const text = h('textarea', { rows: 8, name: 'content', required: true });
  text.value = SAMPLE;
  const price = h('p', { class: 'hint', id: 'price', 'aria-live': 'polite' });
  const updatePrice = () => {
    const words = countWords(text.value);
    price.textContent = `This detection costs ${number(words)} credit${words === 1 ? '' : 's'} (1 per word), charged exactly like POST /api/detector/.`;
  };
  text.addEventListener('input', updatePrice);
  updatePrice();
  const message = messageArea();
  const result = h('section', { 'aria-live': 'polite', class: 'result' });
  const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': 'detect-title' },
    h('h2', { id: 'detect-title' }, 'AI text detection'), field('Text', text), price, message.el, h('button', { type: 'submit' }, 'Detect'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    message.clear();
    try {
      show(await call(api.POST('/portal/api/playground/detector/', { params: csrfHeader, body: { content: text.value } })));
    } catch (error) {
      message.error((error as Error).message);
    }
  });

  function show(r: Schemas['DetectionResult']) {
    const items = r.items ?? [];
    result.replaceChildren(
      h('h2', {}, `AI score ${(r.ai_score * 100).toFixed(1)}%: ${r.result}`),
      h('p', { class: 'hint' }, `${r.word_count} words · ${r.credits_remaining} credits remaining · ${r.service_name}`),
      h('p', { class: 'highlighted' }, ...items.flatMap((item) => [h('mark', { class: band(item.ai_score), title: `AI score ${item.ai_score}` }, item.text), ' '])),
      h('ul', { class: 'legend' }, ...[0, 1, 2, 3, 4].map((b) => h('li', {}, h('span', { class: `swatch score-${b}`, 'aria-hidden': 'true' }), `${b * 20}–${b * 20 + 20}%`))),
      h('table', {}, h('caption', {}, 'Score per sentence'),
        h('thead', {}, h('tr', {}, ...['Sentence', 'Prediction', 'AI score'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...items.map((item) => h('tr', {}, h('td', {}, item.text), h('td', {}, item.prediction), h('td', { class: 'num' }, item.ai_score.toFixed(3)))))),
    );
  }

  app().replaceChildren(h('p', {}, 'Try the API with your account\'s credits. The price is shown before you send.'), form, result);
}
