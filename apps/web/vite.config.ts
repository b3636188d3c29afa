import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const packageVersion = (path: string): string | undefined =>
  (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { version?: string }).version;

// The version the app compares with the server's minimum (spec 4): APP_VERSION wins, else the root
// package version, else this package's, so a build never reports a version older than the demo minimum.
function appVersion(): string {
  return process.env.APP_VERSION?.trim() || packageVersion('../../package.json') || packageVersion('./package.json') || '0.0.0';
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
      '/media': apiTarget,
      // Google and Apple sign-in start and finish on the API (full-page navigations).
      '^/auth/': apiTarget,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
