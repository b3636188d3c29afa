import { defineConfig } from 'drizzle-kit';

// Used only by `pnpm --filter @doppel/db generate` to write SQL migrations into ./drizzle.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
