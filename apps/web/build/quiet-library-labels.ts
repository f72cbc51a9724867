import type { Plugin } from 'vite';

/**
 * English words that antd's libraries put in the accessibility tree, taken out at build time (issue 38:
 * screen readers read «check», «down», «segmented control» between the Russian labels):
 * - every @ant-design/icons icon is `role="img" aria-label="<its name>"`; an icon is decoration beside its
 *   text or inside a labelled control, so it becomes `aria-hidden="true"` — unless the code gives it an
 *   `aria-label` of its own, which keeps it an image with that name;
 * - antd's Segmented names its radio group «segmented control»; a Segmented takes its Russian name from
 *   its `aria-label` (or stays a plain radio group of named options).
 * - the clear button of antd's inputs (`allowClear`) was named by its icon alone; now that icons are
 *   decoration it takes «Очистить», or the label the code gave its icon («Очистить поиск»).
 * One place instead of `aria-hidden` on hundreds of icons, antd's own included. Each patch must find its
 * text: a library update that changes it fails the build instead of letting the English back in silently.
 */
const patches: { file: RegExp; from: RegExp; to: string }[] = [
  {
    // AntdIconLight draws the outlined and filled icons, AntdIcon the two-tone ones.
    file: /@ant-design\/icons\/es\/components\/AntdIcon(Light)?\.js$/,
    from: /role:\s*"img",\s*"aria-label":\s*icon\.name/,
    to: '...(restProps["aria-label"] ? { role: "img" } : { "aria-hidden": "true" })',
  },
  {
    file: /@rc-component\/input\/es\/BaseInput\.js$/,
    from: /className:\s*clsx\(clearIconCls,/,
    to: '"aria-label": iconNode?.props?.["aria-label"] ?? "Очистить", className: clsx(clearIconCls,',
  },
  {
    file: /@rc-component\/segmented\/es\/index\.js$/,
    from: /"aria-label":\s*"segmented control",/,
    to: '',
  },
];

export function applyQuietLabels(id: string, code: string): string | null {
  const path = id.replace(/\\/g, '/').split('?')[0]!;
  const patch = patches.find((p) => p.file.test(path));
  if (!patch) return null;
  if (!patch.from.test(code)) throw new Error(`quiet-library-labels: ${path} no longer has ${patch.from}`);
  return code.replace(patch.from, patch.to);
}

export function quietLibraryLabels(): Plugin {
  return {
    name: 'crm-quiet-library-labels',
    transform(code, id) {
      const patched = applyQuietLabels(id, code);
      return patched === null ? null : { code: patched, map: null };
    },
  };
}
