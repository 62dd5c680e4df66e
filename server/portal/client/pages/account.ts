/** The account (email, plan), password change and "sign out everywhere". */
import { api, call, csrfHeader } from '../api.ts';
import { app, confirmDialog, field, h, messageArea } from '../dom.ts';

export async function accountPage(): Promise<void> {
  const me = await call(api.GET('/portal/api/me/'));
  const facts = h('section', { class: 'card narrow', 'aria-labelledby': 'account-title' },
    h('h2', { id: 'account-title' }, 'Your account'),
    h('dl', { class: 'facts' }, h('dt', {}, 'Email'), h('dd', {}, me.user.email), h('dt', {}, 'Plan'), h('dd', {}, me.plan)),
    h('p', {}, 'Credits, the monthly allotment and the next reset are on the ', h('a', { href: '/portal/usage' }, 'Usage'), ' page.'));
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
    if (!(await confirmDialog('Sign out everywhere?', 'Every portal session of this account ends, on every device, this one included. API keys keep working.', 'Sign out everywhere'))) return;
    await call(api.DELETE('/portal/api/sessions/', { params: csrfHeader }));
    location.assign('/portal/sign-in');
  });
  app().replaceChildren(facts, form, h('section', { class: 'card narrow', 'aria-labelledby': 'sessions-title' }, h('h2', { id: 'sessions-title' }, 'Sessions'), h('p', {}, 'Ends every portal session of this account. API keys keep working.'), everywhere));
}
