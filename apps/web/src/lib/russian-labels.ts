/**
 * Screen-reader names that antd's ru_RU locale does not cover, because the libraries under it write them
 * as fixed English strings: the select's clear button («Clear», rc-select), the number input's steppers
 * («Increase Value» / «Decrease Value», rc-input-number) and the map's zoom buttons («Zoom in» /
 * «Zoom out», Leaflet, as aria-label and title). None of them takes a label through antd's props, so
 * they are renamed here, in one place, as they appear.
 */
export const russianLabels: Readonly<Record<string, string>> = {
  Clear: 'Очистить',
  'Increase Value': 'Увеличить',
  'Decrease Value': 'Уменьшить',
  'Zoom in': 'Приблизить',
  'Zoom out': 'Отдалить',
};

const attributes = ['aria-label', 'title'] as const;
const selector = attributes
  .flatMap((a) => Object.keys(russianLabels).map((text) => `[${a}="${text}"]`))
  .join(',');

function rename(element: Element) {
  for (const name of attributes) {
    const russian = russianLabels[element.getAttribute(name) ?? ''];
    // The Russian name is not a key, so renaming never triggers itself again.
    if (russian) element.setAttribute(name, russian);
  }
}

/** Renames every English label under `root` (and `root` itself). */
export function renameLabels(root: Element): void {
  if (root.matches(selector)) rename(root);
  root.querySelectorAll(selector).forEach(rename);
}

/** Keeps renaming as the page changes; returns the stop. */
export function watchRussianLabels(root: Element = document.body): () => void {
  renameLabels(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') rename(record.target as Element);
      else record.addedNodes.forEach((node) => node instanceof Element && renameLabels(node));
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: [...attributes],
  });
  return () => observer.disconnect();
}
