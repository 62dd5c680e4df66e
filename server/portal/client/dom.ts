/** A tiny DOM builder: no innerHTML, so no markup injection from data. */
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | EventListener | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  append(el, ...children);
  return el;
}

export function append(el: Element, ...children: Child[]): void {
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child instanceof Node ? child : String(child));
}

const SVG = 'http://www.w3.org/2000/svg';
export function svg(tag: string, attrs: Record<string, string | number> = {}, ...children: (Node | string)[]): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  el.append(...children);
  return el;
}

export function app(): HTMLElement {
  return document.getElementById('app')!;
}

/** A live region that announces errors and results to screen readers. */
export function messageArea(): { el: HTMLElement; error(text: string, ...more: Child[]): void; ok(text: string): void; clear(): void } {
  const el = h('div', { class: 'message', role: 'status', 'aria-live': 'polite' });
  return {
    el,
    error(text, ...more) {
      el.className = 'message error';
      el.setAttribute('role', 'alert');
      el.replaceChildren(text);
      append(el, ...more);
    },
    ok(text) {
      el.className = 'message ok';
      el.setAttribute('role', 'status');
      el.textContent = text;
    },
    clear() {
      el.className = 'message';
      el.textContent = '';
    },
  };
}

export function field(label: string, input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, hint?: string): HTMLElement {
  const id = input.id || `f-${Math.random().toString(36).slice(2, 9)}`;
  input.id = id;
  const hintEl = hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null;
  if (hintEl) input.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'field' }, h('label', { for: id }, label), input, hintEl);
}

export function date(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return withTime ? d.toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : d.toISOString().slice(0, 10);
}

export const number = (n: number) => n.toLocaleString('en-US');

/** Words as the API counts them: whitespace-separated, and each CJK character one word. */
export function countWords(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  const rest = text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, ' ').split(/\s+/).filter(Boolean).length;
  return cjk + rest;
}

/**
 * Asks before a destructive action, in a modal <dialog> (focus moves into it and returns after,
 * Escape cancels, the page behind is inert), instead of the browser's native confirm().
 */
export function confirmDialog(question: string, detail: string, action: string): Promise<boolean> {
  return new Promise((resolve) => {
    const yes = h('button', { type: 'button', class: 'danger' }, action);
    const no = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
    const dialog = h('dialog', { 'aria-labelledby': 'dialog-title', 'aria-describedby': 'dialog-detail' },
      h('h2', { id: 'dialog-title' }, question), h('p', { id: 'dialog-detail' }, detail), h('div', { class: 'row' }, no, yes));
    const answer = (value: boolean) => {
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    yes.addEventListener('click', () => answer(true));
    no.addEventListener('click', () => answer(false));
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      answer(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    no.focus();
  });
}

/**
 * Names each cell by its column header (data-label), so that a narrow screen can show a table
 * of class "stack" as one card per row (portal.css) instead of scrolling it sideways.
 */
export function labelCells(table: HTMLTableElement): void {
  const headers = Array.from(table.tHead?.rows[0]?.cells ?? [], (cell) => cell.textContent ?? '');
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) Array.from(row.cells).forEach((cell, i) => headers[i] && row.cells.length > 1 && cell.setAttribute('data-label', headers[i]));
  }
}

/**
 * A drawing made at its container's width and made again when that width changes, so that its
 * text keeps its CSS size (11 px) on a phone instead of being scaled down with the picture.
 */
export function fitted(draw: (width: number) => Element): HTMLElement {
  const box = h('div', { class: 'fitted' });
  let drawn = 0;
  new ResizeObserver(([entry]) => {
    const width = Math.floor(entry.contentRect.width);
    if (width > 0 && width !== drawn) {
      drawn = width;
      box.replaceChildren(draw(width));
    }
  }).observe(box);
  return box;
}
