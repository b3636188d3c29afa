import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A violet tuned to the brand gradient (violet to pink), light to dark.
const doppel: MantineColorsTuple = [
  '#f5f0ff',
  '#e6dcfd',
  '#cab5f7',
  '#ad8bf2',
  '#9567ed',
  '#8650ea',
  '#7e43ea',
  '#6c35d1',
  '#602ebb',
  '#5225a5',
];

const fontStack =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'doppel',
  primaryShade: { light: 6, dark: 4 },
  colors: { doppel },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '700' },
  defaultRadius: 'md',
  defaultGradient: { from: 'doppel.6', to: 'pink.5', deg: 120 },
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    // A closed dropdown is not rendered: Mantine keeps it mounted and hidden by default, and
    // floating-ui then positions it while the page's first render commits, forcing a style and
    // layout pass in that task (the back-office's Payments list: 25 ms, 100 ms at a phone's speed).
    Combobox: { defaultProps: { keepMounted: false } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});
