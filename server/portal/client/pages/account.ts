/** Password change and "sign out everywhere". */
import { api, call, csrfHeader } from '../api.ts';
import { app, field, h, messageArea } from '../dom.ts';

export function accountPage(): void {
  const current = h('input', { type: 'password', autocomplete: 'current-password', required: true });
  const next = h('input', { type: 'password', autocomplete: 'new-password', required: true, minlength: 10 });
  const message = messageArea();
  const form = h('form', { class: 'card narrow', novalidate: true, 'aria-labelledby': 'change-title' },
    h('h2', { id: 'change-title' }, 'Change password'),
    field('Current password', current), field('New password', next, 'At least 10 characters. Your other sessions end.'), message.el,
    h('button', { type: 'submit' }, 'Change password'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await call(api.POST('/portal/api/password/change/', { params: csrfHeader, body: { current_password: current.value, new_password: next.value } }));
      form.reset();
      message.ok('Password changed. Every other session was signed out.');
    } catch (error) {
      message.error((error as Error).message);
    }
  });
  const everywhere = h('button', { type: 'button', class: 'danger' }, 'Sign out everywhere');
  everywhere.addEventListener('click', async () => {
    if (!confirm('Sign out of the portal on every device, this one included?')) return;
    await call(api.DELETE('/portal/api/sessions/', { params: csrfHeader }));
    location.assign('/portal/sign-in');
  });
  app().replaceChildren(form, h('section', { class: 'card narrow', 'aria-labelledby': 'sessions-title' }, h('h2', { id: 'sessions-title' }, 'Sessions'), h('p', {}, 'Ends every portal session of this account. API keys keep working.'), everywhere));
}
