import type { Locator } from 'playwright-core';

/**
 * Waits until an antd window or popover has finished zooming in. On a starved CPU (CI with a CPU burner
 * beside the PostgreSQL suite) a click that landed while one was still appearing was lost: a confirmation
 * stayed open with its button idle (clients.spec, staff.spec), a reason's radio and a filter's checkbox
 * kept their state (dashboard.spec, calendar-day.spec).
 */
export async function windowSettled(window: Locator) {
  const element = await window.elementHandle();
  await window
    .page()
    .waitForFunction(
      (el) => !/-appear/.test((el?.closest('.ant-modal, .ant-popover') ?? el)?.className ?? ''),
      element,
    );
}

/** Presses a button of an antd window once the window has finished zooming in (`windowSettled`). */
export async function pressInWindow(window: Locator, name: string | RegExp) {
  await windowSettled(window);
  await window.getByRole('button', { name }).click();
}

/**
 * Follows an in-app link until the address says the page changed. In a CI run at load 13 on 2 cores a
 * click on «Слоты» while the calendar was still arriving left the address as it was (slots.spec): the
 * press is repeated, as a person would, at most three times; the test still fails if it never goes.
 */
export async function followLink(link: Locator, arrived: (url: URL) => boolean) {
  const page = link.page();
  for (let attempt = 1; ; attempt++) {
    await link.click();
    try {
      await page.waitForURL(arrived, { timeout: attempt < 3 ? 5_000 : 15_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
