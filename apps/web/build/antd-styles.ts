/**
 * antd's component styles for the first screens of the daily routes as one static stylesheet, made at build
 * time (issue 15).
 *
 * antd writes its CSS in the browser: on every page load each component's style function runs, is
 * serialised and inserted as a <style> tag, and each insertion makes the browser recompute styles. On the
 * calendar that was a third of the JavaScript time of a load (measured: ≈ 0.35 s of 1.2 s on this machine,
 * ×4 on Lighthouse's phone). Rendering the components once here with antd's own style cache and extracting
 * it gives the same CSS plus antd's map of what it holds (`.data-ant-cssinjs-cache-path`); in the browser
 * antd finds each style in that map and skips generating and inserting it. A component missing here is
 * still styled: antd generates it at run time as before, so the list is a speed choice, not a correctness one.
 *
 * Only component styles ('style'), never the theme's values ('token', 'cssVar'): with antd's CSS variables
 * the component styles are the same for light and dark and every accent, and the theme's variables are
 * written at run time by the ConfigProvider in use.
 */
import { createElement, Fragment, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';

/**
 * The antd components the first screens of the daily routes (src/app/daily-routes.ts) draw: the calendar,
 * the dashboard and the station picker, on a phone and on a desktop, for each role (read from the
 * `<style>` tags antd wrote on those screens without this stylesheet). The stylesheet arrives before the
 * first screen on every signed-in visit, so it holds nothing else: the popups a tap opens (the order
 * windows' Form, Input, Select, Radio, Modal …) had 17 KB gzip of it, which delayed the first screen's
 * largest paint by ≈ 0.15 s on Lighthouse's slow 4G, against ≈ 20 ms of styles written at run time on
 * their first opening (≈ 80 ms at 4× CPU). Empty and Spin stand for the screens' empty and loading states.
 * Select is the desktop dashboard's alone: a desktop writes it at run time in a few ms.
 */
const firstScreenComponents = [
  'Alert',
  'App',
  'Button',
  'Card',
  'Empty',
  'Flex',
  'Popover',
  'Segmented',
  'Skeleton',
  'Spin',
  'Tag',
  'Tooltip',
  'Typography',
] as const;

/** The stylesheet's text. Must run with NODE_ENV=production, as `vite build` does: antd's class hash depends on it. */
export async function antdFirstScreenStyles(): Promise<string> {
  const antd = (await import('antd')) as unknown as Record<string, ComponentType>;
  const cache = createCache();
  renderToString(
    createElement(
      StyleProvider,
      { cache },
      ...firstScreenComponents.map((name) => {
        const Component = antd[name];
        if (!Component) throw new Error(`antd has no ${name}: update build/antd-styles.ts`);
        return createElement(Fragment, { key: name }, createElement(Component));
      }),
    ),
  );
  return extractStyle(cache, { plain: true, types: 'style' });
}
