import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compressDistFiles } from '../../scripts/precompress.ts';
import { mantineStylesPerComponent } from './build/mantine-styles.ts';

const packageVersion = (path: string): string | undefined =>
  (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { version?: string }).version;

// The version the app compares with the server's minimum (docs/product-rules.md#app-version-gate): APP_VERSION wins, else the root
// package version, else this package's, so a build never reports a version older than the demo minimum.
function appVersion(): string {
  return process.env.APP_VERSION?.trim() || packageVersion('../../package.json') || packageVersion('./package.json') || '0.0.0';
}

// Brotli and gzip copies of the written bundle, made once here so the API serves them without
// compressing on every request (issue 14: fans open the app on a phone, often on a slow connection).
function precompress(): Plugin {
  return {
    name: 'doppel-precompress',
    apply: 'build',
    writeBundle(options) {
      if (options.dir) compressDistFiles(options.dir);
    },
  };
}

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), mantineStylesPerComponent(), precompress()],
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
  // No source maps: the API serves dist publicly, and a map hands out the whole source with its comments.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // A lazy chunk's stylesheets are still linked before it runs (no unstyled flash), but its
    // scripts are left to the browser, which fetches a module's imports as it reads it: one
    // <link rel="modulepreload"> per shared chunk cost about 80 ms of a phone's main thread
    // (a CPU profile at 4x slowdown of /chat/{tag}) while the page was otherwise ready.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    rolldownOptions: {
      output: {
        // Two libraries of many tiny modules in one chunk each, instead of one chunk per set of
        // pages sharing them: every icon and every Mantine hook was a script of a few hundred bytes,
        // and a creator's page or the fan chat asked for 40 of them. Each request cost the phone's
        // main thread about a millisecond to send and another to read (a Lighthouse trace of
        // /chat/{tag} had 52 requests sent in one 45 ms task). Both are small whole (a few KB
        // compressed) and only define functions when evaluated.
        codeSplitting: {
          groups: [
            { name: 'icons', test: /[\\/]@tabler[\\/]icons-react[\\/]/ },
            { name: 'mantine-hooks', test: /[\\/]@mantine[\\/]hooks[\\/]/ },
          ],
        },
      },
    },
  },
});
