// A stage of the app's start (shell/boot.ts): Mantine's provider, theme and style system, which every
// component needs. Named exports only: a dynamic import of '@mantine/core' itself would keep all of
// Mantine, with every component's styles.
export { Box, MantineProvider } from '@mantine/core';
