/** The portal's one script: wires the sign-out button and renders the page named by <body data-page>. */
import { api, call, csrfHeader } from './api.ts';
import { accountPage } from './pages/account.ts';
import { jobsPage } from './pages/jobs.ts';
import { keysPage } from './pages/keys.ts';
import { playgroundPage } from './pages/playground.ts';
import { setPasswordPage, signInPage, signUpPage } from './pages/sign-in.ts';
import { usagePage } from './pages/usage.ts';

const pages: Record<string, () => void | Promise<void>> = {
  'sign-in': signInPage,
  'sign-up': signUpPage,
  'set-password': setPasswordPage,
  keys: keysPage,
  usage: usagePage,
  jobs: jobsPage,
  playground: playgroundPage,
  account: accountPage,
};

document.getElementById('sign-out')?.addEventListener('click', async () => {
  await call(api.DELETE('/portal/api/session/', { params: csrfHeader })).catch(() => undefined);
  location.assign('/portal/sign-in');
});

const page = pages[document.body.dataset.page ?? ''];
if (page) {
  Promise.resolve(page()).catch((error: Error) => {
    document.getElementById('app')!.replaceChildren(Object.assign(document.createElement('p'), { className: 'message error', role: 'alert', textContent: error.message }));
  });
}
