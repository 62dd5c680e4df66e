/** The API Keys page: the spec's key resource as a table, Create API Key, revoke, delete and one-click rotation. */
import { api, call, csrfHeader, type Schemas } from '../api.ts';
import { app, date, field, h, messageArea } from '../dom.ts';

type Key = Schemas['PortalKey'];
type Scope = Key['scopes'][number];

const SCOPES: [Scope, string][] = [
  ['ai_detector', 'AI text detection (POST /api/detector/)'],
  ['humanizer', 'Humanizer (POST /api/humanizer/)'],
  ['grammar_checker', 'Grammar (POST /api/grammar/correct/)'],
  ['plagiarism_checker', 'Plagiarism (POST /api/plagiarism/scan/)'],
  ['image_detector', 'Image detection (POST /api/image-detector/predict/)'],
  ['voice_detector', 'Voice detection (POST /api/voice-detector/detect/)'],
];
const EXPIRATIONS: [Key['expiration'], string][] = [['never', 'Never'], ['30d', '30 Days'], ['60d', '60 Days'], ['90d', '90 Days']];
const expirationLabel = (e: Key['expiration']) => EXPIRATIONS.find(([v]) => v === e)?.[1] ?? e;

export async function keysPage(): Promise<void> {
  const message = messageArea();
  const reveal = h('div', { class: 'reveal-slot' });
  const limit = h('p', { class: 'hint', id: 'key-limit' });
  const tbody = h('tbody');
  const table = h('table', { class: 'keys' },
    h('caption', { class: 'visually-hidden' }, 'Your API keys'),
    h('thead', {}, h('tr', {}, ...['Name', 'Status', 'Key', 'Created', 'Scopes', 'Expiration', 'Last used', 'Actions'].map((t) => h('th', { scope: 'col' }, t)))),
    tbody);

  const name = h('input', { type: 'text', name: 'name', required: true, maxlength: 100, placeholder: 'e.g. production' });
  const boxes = SCOPES.map(([scope, label]) => {
    const box = h('input', { type: 'checkbox', name: 'scopes', value: scope, id: `scope-${scope}` });
    return { scope, box, el: h('div', { class: 'check' }, box, h('label', { for: box.id }, h('code', {}, scope), ' ', label)) };
  });
  const expiration = h('select', { name: 'expiration' }, ...EXPIRATIONS.map(([v, l]) => h('option', { value: v }, l)));
  const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': 'create-title' },
    h('h2', { id: 'create-title' }, 'Create API Key'),
    field('Key Name', name),
    h('fieldset', {}, h('legend', {}, 'Model Access'),
      h('p', { class: 'hint' }, 'Choose at least one scope. POST /api/detect-and-humanize/ needs both humanizer and ai_detector.'),
      ...boxes.map((b) => b.el)),
    field('Expiration', expiration),
    message.el,
    h('button', { type: 'submit' }, 'Create API Key'));

  async function create(body: { name: string; scopes: Scope[]; expiration: Key['expiration'] }) {
    message.clear();
    try {
      const created = await call(api.POST('/portal/api/keys/', { params: csrfHeader, body }));
      showOnce(created.key, created.record);
      form.reset();
      await refresh();
    } catch (error) {
      message.error((error as Error).message);
      message.el.scrollIntoView({ block: 'nearest' });
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void create({ name: name.value, scopes: boxes.filter((b) => b.box.checked).map((b) => b.scope), expiration: expiration.value as Key['expiration'] });
  });

  /** The full key, once: copied or not, it leaves the page when dismissed. */
  function showOnce(key: string, record: Key) {
    const value = h('input', { type: 'text', readonly: true, value: key, class: 'secret', 'aria-label': `The new key ${record.name}`, id: 'new-key' });
    const copied = h('span', { role: 'status', class: 'hint' });
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
      name.focus();
    });
    reveal.replaceChildren(panel);
    copy.focus();
  }

  async function refresh() {
    const list = await call(api.GET('/portal/api/keys/'));
    limit.textContent = `${list.active} of ${list.max_active_keys} active keys on your plan. At the limit, revoke or delete a key before creating another.`;
    tbody.replaceChildren(...(list.keys.length ? list.keys.map(row) : [h('tr', {}, h('td', { colspan: 8 }, 'No keys yet: create one above.'))]));
  }

  function row(key: Key) {
    const actions = h('td', { class: 'actions' });
    if (key.status === 'Active') {
      actions.append(button('Revoke', `Revoke ${key.name}`, 'danger', async () => {
        if (!confirm(`Revoke "${key.name}"? Requests with it fail from now on. This cannot be undone.`)) return;
        await call(api.POST('/portal/api/keys/{key_id}/revoke/', { params: { ...csrfHeader, path: { key_id: key.id } } }));
        message.ok(`Revoked "${key.name}".`);
      }));
    }
    actions.append(button('Delete', `Delete ${key.name}`, 'danger', async () => {
      if (!confirm(`Delete "${key.name}" permanently?`)) return;
      await call(api.DELETE('/portal/api/keys/{key_id}/', { params: { ...csrfHeader, path: { key_id: key.id } } }));
      message.ok(`Deleted "${key.name}".`);
    }));
    actions.append(button('Rotate', `Create a key with the same scopes as ${key.name}`, 'secondary', async () => {
      await create({ name: `${key.name} (rotated ${new Date().toISOString().slice(0, 10)})`, scopes: key.scopes, expiration: key.expiration });
      message.ok(`Created a key with the scopes of "${key.name}". Switch your application to it, check it works, then revoke or delete the old key.`);
    }));
    return h('tr', {},
      h('th', { scope: 'row' }, key.name),
      h('td', {}, h('span', { class: `badge ${key.status.toLowerCase()}` }, key.status)),
      h('td', {}, h('code', {}, `${key.prefix}…`)),
      h('td', {}, date(key.created_at)),
      h('td', {}, key.scopes.join(', ')),
      h('td', {}, key.expires_at ? `${expirationLabel(key.expiration)} (${date(key.expires_at)})` : 'Never'),
      h('td', {}, key.last_used_at ? date(key.last_used_at, true) : 'Never'),
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

  app().replaceChildren(reveal, form, h('h2', {}, 'Your keys'), limit, h('div', { class: 'scroll' }, table));
  await refresh();
}
