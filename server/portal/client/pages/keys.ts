/**
 * The API Keys page: the spec's key resource as a table (one card per key on a phone), Create API
 * Key behind a button below it, revoke and delete after a confirmation dialog, one-click rotation.
 */
import { PUBLIC_SCOPES } from '../../../../contract/catalogue.ts';
import { api, call, csrfHeader, type Schemas } from '../api.ts';
import { app, confirmDialog, date, field, h, labelCells, messageArea } from '../dom.ts';

type Key = Schemas['PortalKey'];
type Scope = Key['scopes'][number];

/** A label per scope of the catalogue (a scope added there fails to compile here until it has one), in the catalogue's order. */
const SCOPE_LABELS: Record<Scope, string> = {
  ai_detector: 'AI text detection (POST /api/detector/)',
  humanizer: 'Humanizer (POST /api/humanizer/)',
  grammar_checker: 'Grammar (POST /api/grammar/correct/)',
  plagiarism_checker: 'Plagiarism (POST /api/plagiarism/scan/)',
  image_detector: 'Image detection (POST /api/image-detector/predict/)',
  voice_detector: 'Voice detection (POST /api/voice-detector/detect/)',
};
const SCOPES = PUBLIC_SCOPES.map((scope): [Scope, string] => [scope, SCOPE_LABELS[scope]]);
const EXPIRATIONS: [Key['expiration'], string][] = [['never', 'Never'], ['30d', '30 Days'], ['60d', '60 Days'], ['90d', '90 Days']];
const expirationLabel = (e: Key['expiration']) => EXPIRATIONS.find(([v]) => v === e)?.[1] ?? e;

export async function keysPage(): Promise<void> {
  const message = messageArea();
  const formMessage = messageArea();
  const reveal = h('div', { class: 'reveal-slot' });
  const limit = h('p', { class: 'hint', id: 'key-limit' });
  const tbody = h('tbody');
  const table = h('table', { class: 'keys stack' },
    h('caption', { class: 'visually-hidden' }, 'Your API keys'),
    h('thead', {}, h('tr', {}, ...['Name', 'Status', 'Key', 'Created', 'Scopes', 'Expiration', 'Last used', 'Actions'].map((t) => h('th', { scope: 'col' }, t)))),
    tbody);

  const name = h('input', { type: 'text', name: 'name', required: true, maxlength: 100, placeholder: 'e.g. production' });
  const boxes = SCOPES.map(([scope, label]) => {
    const box = h('input', { type: 'checkbox', name: 'scopes', value: scope, id: `scope-${scope}` });
    return { scope, box, el: h('div', { class: 'check' }, box, h('label', { for: box.id }, h('code', {}, scope), ' ', label)) };
  });
  const all = h('input', { type: 'checkbox', id: 'scope-all' });
  all.addEventListener('change', () => boxes.forEach((b) => (b.box.checked = all.checked)));
  const syncAll = () => {
    const checked = boxes.filter((b) => b.box.checked).length;
    all.checked = checked === boxes.length;
    all.indeterminate = checked > 0 && checked < boxes.length;
  };
  boxes.forEach((b) => b.box.addEventListener('change', syncAll));
  const expiration = h('select', { name: 'expiration' }, ...EXPIRATIONS.map(([v, l]) => h('option', { value: v }, l)));
  const cancel = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
  const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': 'create-title', id: 'create-key', hidden: true },
    h('h2', { id: 'create-title' }, 'New API key'),
    field('Key Name', name),
    h('fieldset', {}, h('legend', {}, 'Model Access'),
      h('p', { class: 'hint' }, 'Choose at least one scope. POST /api/detect-and-humanize/ needs both humanizer and ai_detector.'),
      h('div', { class: 'check select-all' }, all, h('label', { for: all.id }, 'All scopes')),
      ...boxes.map((b) => b.el)),
    field('Expiration', expiration),
    formMessage.el,
    h('div', { class: 'row' }, h('button', { type: 'submit' }, 'Create key'), cancel));
  const open = h('button', { type: 'button', 'aria-expanded': 'false', 'aria-controls': 'create-key' }, 'Create API Key');
  const showForm = (shown: boolean) => {
    form.hidden = !shown;
    open.setAttribute('aria-expanded', String(shown));
    if (shown) name.focus();
    else form.reset();
  };
  open.addEventListener('click', () => showForm(form.hidden));
  cancel.addEventListener('click', () => {
    showForm(false);
    open.focus();
  });

  /** Creates a key and shows it once; a refusal is reported in `out` (the form's, or the page's for a rotation). */
  async function create(body: { name: string; scopes: Scope[]; expiration: Key['expiration'] }, out: typeof message): Promise<boolean> {
    message.clear();
    out.clear();
    try {
      const created = await call(api.POST('/portal/api/keys/', { params: csrfHeader, body }));
      showForm(false);
      showOnce(created.key, created.record);
      await refresh();
      return true;
    } catch (error) {
      out.error((error as Error).message);
      out.el.scrollIntoView({ block: 'nearest' });
      return false;
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void create({ name: name.value, scopes: boxes.filter((b) => b.box.checked).map((b) => b.scope), expiration: expiration.value as Key['expiration'] }, formMessage);
  });

  /** The full key, once: copied or not, it leaves the page when dismissed. */
  function showOnce(key: string, record: Key) {
    const value = h('input', { type: 'text', readonly: true, value: key, class: 'secret', 'aria-label': `The new key ${record.name}`, id: 'new-key' });
    const copied = h('p', { role: 'status', class: 'hint copied' });
    const copy = h('button', { type: 'button' }, 'Copy');
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(key);
        copied.textContent = 'Copied to the clipboard.';
      } catch {
        value.select();
        copied.textContent = 'Select the key and copy it (Ctrl+C).';
      }
    });
    const done = h('button', { type: 'button', class: 'secondary' }, 'I have stored it');
    const panel = h('section', { class: 'card reveal', 'aria-labelledby': 'reveal-title' },
      h('h2', { id: 'reveal-title' }, `Your new key "${record.name}"`),
      h('p', { class: 'warning' }, 'Copy it now and keep it secret: it is shown only this once and cannot be viewed again. Use it from your server, never in a browser or an app.'),
      h('div', { class: 'row' }, value, copy), copied, done);
    done.addEventListener('click', () => {
      panel.remove();
      open.focus();
    });
    reveal.replaceChildren(panel);
    copy.focus();
  }

  async function refresh() {
    const list = await call(api.GET('/portal/api/keys/'));
    limit.textContent = `${list.active} of ${list.max_active_keys} active keys on your plan. At the limit, revoke or delete a key before creating another.`;
    tbody.replaceChildren(...(list.keys.length ? list.keys.map(row) : [h('tr', {}, h('td', { colspan: 8 }, 'No keys yet: create one with Create API Key below.'))]));
    labelCells(table);
  }

  function row(key: Key) {
    const actions = h('td', { class: 'actions' });
    if (key.status === 'Active') {
      actions.append(button('Revoke', `Revoke ${key.name}`, 'danger', async () => {
        if (!(await confirmDialog(`Revoke "${key.name}"?`, 'Requests with this key fail from now on. This cannot be undone.', 'Revoke key'))) return;
        await call(api.POST('/portal/api/keys/{key_id}/revoke/', { params: { ...csrfHeader, path: { key_id: key.id } } }));
        message.ok(`Revoked "${key.name}".`);
      }));
    }
    actions.append(button('Delete', `Delete ${key.name}`, 'danger', async () => {
      if (!(await confirmDialog(`Delete "${key.name}"?`, 'The key is removed permanently, with its name and history on this page.', 'Delete key'))) return;
      await call(api.DELETE('/portal/api/keys/{key_id}/', { params: { ...csrfHeader, path: { key_id: key.id } } }));
      message.ok(`Deleted "${key.name}".`);
    }));
    actions.append(button('Rotate', `Create a key with the same scopes as ${key.name}`, 'secondary', async () => {
      if (!(await create({ name: `${key.name} (rotated ${new Date().toISOString().slice(0, 10)})`, scopes: key.scopes, expiration: key.expiration }, message))) return;
      message.ok(`Created a key with the scopes of "${key.name}". Switch your application to it, check it works, then revoke or delete the old key.`);
    }));
    return h('tr', {},
      h('th', { scope: 'row' }, key.name),
      h('td', {}, h('span', { class: `badge ${key.status.toLowerCase()}` }, key.status)),
      h('td', {}, h('code', {}, `${key.prefix}…`)),
      h('td', { class: 'nowrap' }, date(key.created_at)),
      h('td', {}, key.scopes.join(', ')),
      h('td', { class: 'nowrap' }, key.expires_at ? `${expirationLabel(key.expiration)} (${date(key.expires_at)})` : 'Never'),
      h('td', { class: 'nowrap' }, key.last_used_at ? date(key.last_used_at, true) : 'Never'),
      actions);
  }

  function button(label: string, ariaLabel: string, kind: string, action: () => Promise<void>) {
    const b = h('button', { type: 'button', class: `small ${kind}`, 'aria-label': ariaLabel }, label);
    b.addEventListener('click', async () => {
      try {
        await action();
        await refresh();
      } catch (error) {
        message.error((error as Error).message);
      }
    });
    return b;
  }

  app().replaceChildren(reveal, h('h2', {}, 'Your keys'), limit, message.el, h('div', { class: 'scroll' }, table), open, form);
  await refresh();
}
