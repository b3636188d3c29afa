/// <reference types="vite/client" />

/** The build's version, injected by vite.config.ts (APP_VERSION or the root package.json version). */
declare const __APP_VERSION__: string;
