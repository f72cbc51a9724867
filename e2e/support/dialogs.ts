import type { Locator } from 'playwright-core';

/**
 * Presses a button of an antd window once the window has finished zooming in. On a starved CPU (CI with a
 * CPU burner beside the PostgreSQL suite) a click that landed while a confirmation was still appearing was
 * lost: the window stayed open with its button idle (clients.spec, staff.spec).
 */
export async function pressInWindow(window: Locator, name: string | RegExp) {
  const element = await window.elementHandle();
  await window
    .page()
    .waitForFunction((el) => !/-appear/.test((el?.closest('.ant-modal') ?? el)?.className ?? ''), element);
  await window.getByRole('button', { name }).click();
}
