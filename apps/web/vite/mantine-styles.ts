import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Each Mantine component brings its own styles (docs/performance.md, "Page weight"): a module of
 * `@mantine/core/esm/components/<Name>/` imports `@mantine/core/styles/<Name>.css` after its own
 * imports, so a component's sheet follows the sheets of the components it builds on, and lands in
 * the chunk of the pages that use it. The whole sheet (41 KB gzip, 88% unused on a buyer's page)
 * no longer blocks every page's first paint; the global styles stay in the entry (main.tsx).
 */
export function mantineStyles({ mantineDir }: { mantineDir: string }): Plugin {
  const stylesDir = path.join(mantineDir, 'styles');
  const componentsDir = `${path.join(mantineDir, 'esm', 'components').replaceAll('\\', '/')}/`;
  // The layout Checkbox, Radio and Switch share (a box beside its label) is a utility's, not a component's.
  const inlineInput = `${path.join(mantineDir, 'esm', 'utils', 'InlineInput').replaceAll('\\', '/')}/`;
  const sheetOf = new Map<string, string | null>();
  const sheet = (component: string) => {
    if (!sheetOf.has(component)) {
      const file = path.join(stylesDir, `${component}.css`);
      sheetOf.set(component, fs.existsSync(file) ? file.replaceAll('\\', '/') : null);
    }
    return sheetOf.get(component)!;
  };
  return {
    name: 'decor-mantine-styles',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!.replaceAll('\\', '/');
      if (file.startsWith(inlineInput) && file.endsWith('/InlineInput.mjs')) {
        const css = sheet('InlineInput');
        return css ? { code: `${code}\nimport ${JSON.stringify(css)};\n`, map: null } : null;
      }
      if (!file.startsWith(componentsDir) || !file.endsWith('.mjs')) return null;
      const css = sheet(file.slice(componentsDir.length).split('/')[0]!);
      return css ? { code: `${code}\nimport ${JSON.stringify(css)};\n`, map: null } : null;
    },
  };
}
