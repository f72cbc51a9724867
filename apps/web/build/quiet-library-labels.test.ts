import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyQuietLabels } from './quiet-library-labels';

/** The installed library file the build would read (the repository's one node_modules). */
const source = (path: string) => {
  let dir = process.cwd();
  while (!existsSync(join(dir, 'node_modules', path)) && dirname(dir) !== dir) dir = dirname(dir);
  const file = join(dir, 'node_modules', path);
  return { file, code: readFileSync(file, 'utf8') };
};

describe('quiet library labels (issue 38: no English icon names for screen readers)', () => {
  for (const base of ['AntdIconLight', 'AntdIcon']) {
    it(`makes antd icons decoration, unless given a label of their own (${base})`, () => {
      const { file, code } = source(`@ant-design/icons/es/components/${base}.js`);
      const patched = applyQuietLabels(file, code)!;
      expect(patched).not.toContain('"aria-label": icon.name');
      expect(patched).toContain('"aria-hidden": "true"');
    });
  }

  it('takes «segmented control» off antd Segmented', () => {
    const { file, code } = source('@rc-component/segmented/es/index.js');
    expect(applyQuietLabels(file, code)).not.toContain('segmented control');
  });

  it('names the clear button of antd inputs in Russian, or by the label given to its icon', () => {
    const { file, code } = source('@rc-component/input/es/BaseInput.js');
    expect(applyQuietLabels(file, code)).toContain('iconNode?.props?.["aria-label"] ?? "Очистить"');
  });

  it('leaves every other file alone', () => {
    expect(applyQuietLabels('/x/node_modules/antd/es/button/index.js', 'role: "img"')).toBeNull();
  });

  it('fails the build when a library no longer has the text it patches', () => {
    expect(() => applyQuietLabels('/x/@rc-component/segmented/es/index.js', 'nothing here')).toThrow(
      /no longer has/,
    );
  });
});
