/** The message the thrown error carries: the error screen's technical details show it. */
export const errorTestMessage = 'Проверка экрана ошибки (/error-test)';

/**
 * `/error-test` (S1 §2 developer page): throws while rendering, so the app's error screen («Произошла
 * ошибка», retry, reload, home, technical details) can be seen and tested. Not in the menu.
 */
export function ErrorTestPage(): never {
  throw new Error(errorTestMessage);
}
