import { afterEach, describe, expect, it } from 'vitest';
import { watchRussianLabels } from './russian-labels';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('Russian screen-reader labels', () => {
  it('renames the English labels already on the page and those that appear later', async () => {
    document.body.innerHTML = '<span role="button" aria-label="Increase Value"></span>';
    stop = watchRussianLabels();
    expect(document.querySelector('[role="button"]')!.getAttribute('aria-label')).toBe('Увеличить');

    const zoom = document.createElement('a');
    zoom.setAttribute('aria-label', 'Zoom in');
    zoom.setAttribute('title', 'Zoom in');
    const wrapper = document.createElement('div');
    wrapper.append(zoom);
    document.body.append(wrapper);
    const clear = document.createElement('span');
    clear.setAttribute('aria-label', 'Clear');
    document.body.append(clear);
    await tick();
    expect(zoom.getAttribute('aria-label')).toBe('Приблизить');
    expect(zoom.getAttribute('title')).toBe('Приблизить');
    expect(clear.getAttribute('aria-label')).toBe('Очистить');

    // A library setting the English label again on an element that stays.
    clear.setAttribute('aria-label', 'Clear');
    await tick();
    expect(clear.getAttribute('aria-label')).toBe('Очистить');
  });

  it('leaves other labels alone', async () => {
    stop = watchRussianLabels();
    const button = document.createElement('button');
    button.setAttribute('aria-label', 'Clear filters');
    document.body.append(button);
    await tick();
    expect(button.getAttribute('aria-label')).toBe('Clear filters');
  });
});
