import { positionLabels, type Position } from '@crm/shared';
import { escapeHtml } from '../../escape-html';
import type { LocalUser } from './auth.repository';

const positionOrder: readonly Position[] = ['owner', 'principal', 'administrator', 'worker'];
const roleNotes: Record<string, string> = {
  admin: 'системный администратор, открывает любую станцию',
  wizard: 'первичная настройка станции',
};

function describe(user: LocalUser): string {
  const where = user.position ? [positionLabels[user.position], user.network] : ['Без сети'];
  return [...where, roleNotes[user.role]].filter(Boolean).join(' · ');
}

/** Network by network (staff in position order), then the people without one. */
function compare(a: LocalUser, b: LocalUser): number {
  if (!a.network !== !b.network) return a.network ? -1 : 1;
  const byNetwork = (a.network ?? '').localeCompare(b.network ?? '', 'ru');
  const rank = (u: LocalUser) => (u.position ? positionOrder.indexOf(u.position) : positionOrder.length);
  return byNetwork || rank(a) - rank(b) || a.login.localeCompare(b.login);
}

/**
 * The built-in provider's page: Russian, and loudly a demo (issue 2 part 4) — it signs anyone in as
 * anyone, which must never pass for a real login screen.
 */
export function renderLocalPicker(input: {
  users: LocalUser[];
  hrefFor: (login: string) => string;
  unknownLogin?: string;
}): string {
  const items = [...input.users]
    .sort(compare)
    .map((u) => {
      const name = [u.name, u.surname].filter(Boolean).join(' ') || 'Имя не указано';
      return `<li><a class="user" href="${escapeHtml(input.hrefFor(u.login))}">
  <span class="avatar" aria-hidden="true">${escapeHtml(name.charAt(0).toUpperCase())}</span>
  <span class="text"><span class="name">${escapeHtml(name)}</span>
  <span class="meta"><code>${escapeHtml(u.login)}</code> · ${escapeHtml(describe(u))}</span></span>
</a></li>`;
    })
    .join('\n');
  const notice = input.unknownLogin
    ? `<p class="notice" role="alert">Пользователь <code>${escapeHtml(input.unknownLogin)}</code> не найден. Выберите из списка.</p>`
    : '';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>Демо-режим — вход без пароля</title>
<style>
  :root { color-scheme: light dark; --accent: #1677ff; --bg: #f3f5f9; --card: #fff; --text: #1f2329; --muted: #667085; --line: #e4e7ec; }
  @media (prefers-color-scheme: dark) { :root { --bg: #0f1115; --card: #181b21; --text: #e8eaed; --muted: #98a2b3; --line: #2a2f37; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--text);
    font: 15px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    display: flex; align-items: flex-start; justify-content: center; padding: 32px 16px; }
  main { width: 100%; max-width: 520px; }
  .banner { background: #fa8c16; color: #fff; border-radius: 14px 14px 0 0; padding: 14px 20px; font-weight: 700;
    letter-spacing: .02em; display: flex; gap: 10px; align-items: center; }
  .banner .badge { background: rgba(0,0,0,.18); border-radius: 999px; padding: 2px 10px; font-size: 12px; text-transform: uppercase; }
  .card { background: var(--card); border: 1px solid var(--line); border-top: 0; border-radius: 0 0 14px 14px; padding: 20px; }
  h1 { font-size: 20px; margin: 0 0 6px; }
  p { margin: 0 0 16px; color: var(--muted); }
  .notice { color: #cf1322; background: rgba(207,19,34,.08); border-radius: 10px; padding: 10px 12px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  .user { display: flex; gap: 12px; align-items: center; padding: 10px 12px; border: 1px solid var(--line);
    border-radius: 12px; color: inherit; text-decoration: none; transition: border-color .15s, background .15s; }
  .user:hover, .user:focus-visible { border-color: var(--accent); background: rgba(22,119,255,.06); outline: none; }
  .avatar { flex: none; width: 36px; height: 36px; border-radius: 50%; background: var(--accent); color: #fff;
    display: grid; place-items: center; font-weight: 600; }
  .text { display: grid; }
  .name { font-weight: 600; }
  .meta { color: var(--muted); font-size: 13px; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12.5px; }
  footer { margin-top: 16px; font-size: 13px; color: var(--muted); }
</style>
</head>
<body>
<main>
  <div class="banner"><span class="badge">Демо</span> Демо-режим: вход без пароля</div>
  <section class="card">
    <h1>Войти как демо-пользователь</h1>
    <p>Этот вход заменяет Яндекс ID на демонстрационном стенде и в тестах. Выберите, под кем войти.</p>
    ${notice}
    <ul>
${items}
    </ul>
    <footer>В рабочей установке демо-вход выключен: задайте YANDEX_CLIENT_ID и YANDEX_CLIENT_SECRET.</footer>
  </section>
</main>
</body>
</html>`;
}
