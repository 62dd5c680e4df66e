/** Sign in, open sign-up, and setting a password from an invite link. */
import { api, call } from '../api.ts';
import { app, field, h, messageArea } from '../dom.ts';

function nextPage(): string {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  // Only a portal path of this site: never an open redirect.
  return /^\/portal\/[\w-]+$/.test(next) ? next : '/portal/keys';
}

export function signInPage(): void {
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'username', required: true, value: new URLSearchParams(location.search).get('email') ?? '' });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true });
  const message = messageArea();
  const form = h('form', { class: 'card narrow', novalidate: true }, field('Email', email), field('Password', password), message.el, h('button', { type: 'submit' }, 'Sign in'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    message.clear();
    try {
      await call(api.POST('/portal/api/session/', { body: { email: email.value, password: password.value } }));
      location.assign(nextPage());
    } catch (error) {
      message.error((error as Error).message);
      password.select();
    }
  });
  const signup = document.body.dataset.signup === 'open' ? h('p', {}, 'No account yet? ', h('a', { href: '/portal/sign-up' }, 'Create one'), '.') : h('p', { class: 'hint' }, 'Accounts are created by invitation: open the link the operator sent you to set your password.');
  app().replaceChildren(form, signup);
  email.focus();
}

export function signUpPage(): void {
  const email = h('input', { type: 'email', autocomplete: 'username', required: true });
  const password = h('input', { type: 'password', autocomplete: 'new-password', required: true, minlength: 10 });
  const message = messageArea();
  const form = h('form', { class: 'card narrow', novalidate: true }, field('Email', email), field('Password', password, 'At least 10 characters.'), message.el, h('button', { type: 'submit' }, 'Create account'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await call(api.POST('/portal/api/sign-up/', { body: { email: email.value, password: password.value } }));
      location.assign('/portal/keys');
    } catch (error) {
      message.error((error as Error).message);
    }
  });
  app().replaceChildren(form, h('p', {}, 'Have an account? ', h('a', { href: '/portal/sign-in' }, 'Sign in'), '.'));
}

export function setPasswordPage(): void {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  // The token leaves the address bar (and history) as soon as it is read.
  if (token) history.replaceState(null, '', location.pathname);
  const password = h('input', { type: 'password', autocomplete: 'new-password', required: true, minlength: 10 });
  const confirm = h('input', { type: 'password', autocomplete: 'new-password', required: true });
  const message = messageArea();
  const form = h('form', { class: 'card narrow', novalidate: true },
    h('p', {}, 'Choose the password for your portal account. This link works once, for 24 hours.'),
    field('New password', password, 'At least 10 characters; a few unrelated words make a good one.'),
    field('Repeat the password', confirm),
    message.el,
    h('button', { type: 'submit' }, 'Set password'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (password.value !== confirm.value) return message.error('The two passwords differ.');
    try {
      // Setting the password signs this browser in.
      await call(api.POST('/portal/api/password/', { body: { token, password: password.value } }));
      location.assign('/portal/keys');
    } catch (error) {
      message.error((error as Error).message);
    }
  });
  app().replaceChildren(token ? form : h('p', { class: 'message error', role: 'alert' }, 'This page needs the link from your invitation (it ends in #token=…).'));
  if (token) password.focus();
}
