/**
 * The HTML shell of each portal page: landmarks, navigation, the signed-in user and the session's
 * CSRF token; the client bundle renders the page's content into <main>. No inline script or style.
 */
import type { Session } from '../platform/data/sessions.ts';

export const PAGES = {
  'sign-in': { title: 'Sign in', signedIn: false },
  'sign-up': { title: 'Create an account', signedIn: false },
  'set-password': { title: 'Set your password', signedIn: false },
  keys: { title: 'API Keys', signedIn: true },
  usage: { title: 'Usage', signedIn: true },
  jobs: { title: 'Jobs and webhooks', signedIn: true },
  playground: { title: 'Playground', signedIn: true },
  account: { title: 'Account', signedIn: true },
} as const;

export type PageId = keyof typeof PAGES;

const NAV: PageId[] = ['keys', 'usage', 'jobs', 'playground', 'account'];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function head(title: string, extra = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Content Integrity API</title>
<link rel="icon" href="/portal/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/portal/assets/portal.css">
<script type="module" src="/portal/assets/portal.js"></script>
${extra}</head>`;
}

export function renderPage(id: PageId, session: Session | undefined, options: { signup: boolean }): string {
  const page = PAGES[id];
  const nav = session
    ? `<nav aria-label="Portal"><ul>${NAV.map((n) => `<li><a href="/portal/${n}"${n === id ? ' aria-current="page"' : ''}>${PAGES[n].title}</a></li>`).join('')}</ul></nav>
<div class="who"><span>${escapeHtml(session.email)} · <span class="plan">${escapeHtml(session.plan)} plan</span></span><button type="button" id="sign-out" class="secondary">Sign out</button></div>`
    : '';
  return `${head(page.title, session ? `<meta name="csrf-token" content="${escapeHtml(session.csrfToken)}">\n` : '')}
<body data-page="${id}" data-signup="${options.signup ? 'open' : 'invite'}">
<a class="skip" href="#main">Skip to content</a>
<header class="top"><a class="brand" href="/portal/">Content Integrity API</a>${nav}</header>
<main id="main" tabindex="-1"><h1>${escapeHtml(page.title)}</h1><div id="app"><p>Loading…</p></div></main>
<footer><a href="/docs">API reference</a> · <a href="/openapi.yaml">openapi.yaml</a></footer>
</body>
</html>`;
}

export function rootPage(): string {
  return `${head('Welcome')}
<body data-page="root">
<a class="skip" href="#main">Skip to content</a>
<header class="top"><a class="brand" href="/">Content Integrity API</a></header>
<main id="main" tabindex="-1">
<h1>Content Integrity API</h1>
<p>Detects AI-written text, images and voices, humanizes text, corrects grammar and scans for plagiarism.</p>
<ul class="links"><li><a href="/portal/">Developer portal</a>: sign in, create API keys, see usage, debug webhooks, try the API.</li>
<li><a href="/docs">API reference</a> and <a href="/openapi.yaml">openapi.yaml</a>.</li></ul>
</main>
</body>
</html>`;
}
