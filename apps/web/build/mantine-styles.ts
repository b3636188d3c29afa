// Mantine's styles per component instead of the whole 290 KB `@mantine/core/styles.css` (issue 14:
// a fan on a phone should not download the admin's tables and date pickers to read a chat).
//
// Every styled Mantine component has one `<Name>.module.mjs` (its class names), matching
// `styles/<Name>.css`: under `esm/components/`, and the inline-input layout that Checkbox, Radio and
// Switch share (label beside the control) under `esm/utils/InlineInput/` (issue 26: matching only
// `components` left every toggle's label under its control). The build adds the stylesheet's import to that module, so a
// component's styles travel with its code into whichever chunk uses it, and a component's
// dependencies (Button on UnstyledButton, Select on Combobox and Input...) bring theirs, in import
// order. The `.layer.css` variants put Mantine inside `@layer mantine`: a route chunk's styles may
// load after the app's own CSS modules, and unlayered rules win whatever the order, as they did
// when the one Mantine stylesheet came first.
//
// `virtual:mantine-styles` (imported first by main.tsx) is the global part Mantine requires before
// any component (baseline, CSS variables, global). The dev server pre-bundles Mantine, which
// bypasses transforms, so there it is the whole layered stylesheet instead.
import type { Plugin } from 'vite';

const virtualId = 'virtual:mantine-styles';
const resolvedVirtualId = `\0${virtualId}`;
const componentModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;
const globalStyles = ['baseline', 'default-css-variables', 'global'];

export function mantineStylesPerComponent(): Plugin {
  let isBuild = false;
  return {
    name: 'doppel-mantine-styles',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id === virtualId ? resolvedVirtualId : null;
    },
    load(id) {
      if (id !== resolvedVirtualId) return null;
      if (!isBuild) return `import '@mantine/core/styles.layer.css';\n`;
      return globalStyles.map((name) => `import '@mantine/core/styles/${name}.layer.css';\n`).join('');
    },
    transform(code, id) {
      if (!isBuild) return null;
      const name = componentModule.exec(id.split('?')[0] ?? '')?.[1];
      if (!name) return null;
      return { code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`, map: null };
    },
  };
}
