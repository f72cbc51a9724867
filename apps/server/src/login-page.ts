import { escapeHtml } from './escape-html';

/**
 * The login page `/auth/yandex` is the web client's login.html (a page of its own, not the React app:
 * issue 15). Two things on it depend on this server's settings, and the server writes them in as it reads
 * the file, so they are in the first paint instead of arriving later and moving the page: the demo note
 * (shown only in demo mode) and the support link. The markers are the page's own attributes
 * (apps/web/src/features/auth/login/login-markup.tsx); a page without them is sent as it is.
 */
export interface LoginPageSettings {
  demo: boolean;
  supportUrl: string;
}

export function personalizeLoginPage(html: string, settings: LoginPageSettings): string {
  let page = html.replace(
    /data-login="support" href="[^"]*"/,
    () => `data-login="support" href="${escapeHtml(settings.supportUrl)}"`,
  );
  if (settings.demo) page = page.replace('data-login="demo" hidden=""', 'data-login="demo"');
  return page;
}
