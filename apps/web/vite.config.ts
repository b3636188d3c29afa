import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The version the app reports to the version gate (spec 4): APP_VERSION wins, else the root package version.
function appVersion(): string {
  const fromEnv = process.env.APP_VERSION?.trim();
  if (fromEnv) return fromEnv;
  const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return rootPackage.version ?? '0.0.0';
}

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(appVersion()) },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: apiTarget, changeOrigin: false },
      '/health': apiTarget,
      '/files': apiTarget,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
