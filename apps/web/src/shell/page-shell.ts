// The server's first paint of a public route or of a creator's or admin's first page (`#page-shell`,
// apps/api/src/http/page-shell.ts) sits
// over the app's root until the app has painted the same content: the page that matches removes it
// in a layout effect, before the browser paints, so the swap shows no loader and no flash (the chat
// does it in the frame after its first commit, once it has scrolled to the newest message). Any
// other route removes it at once, and a slow app after `shellTimeoutMs`, so it never hides the app.
import { useLayoutEffect } from 'react';

const shellId = 'page-shell';
const shellTimeoutMs = 10_000;

function shellElement(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(shellId);
}

export function dismissPageShell(): void {
  shellElement()?.remove();
}

/** The route the shell paints, while it is there. */
export function pageShellPath(): string | null {
  return shellElement()?.dataset.path ?? null;
}

/** For the page that paints the shell's content: removes the shell as it first renders. */
export function usePageShellHandoff(): void {
  useLayoutEffect(() => dismissPageShell(), []);
}

/**
 * For the creator's and the admin's layouts (issue 33): rendered beside the page, inside the same
 * Suspense boundary, so the server's first paint of the dashboard goes when the page has rendered.
 */
export function PageShellHandoff(): null {
  usePageShellHandoff();
  return null;
}

/** For the app root: any route but the shell's removes it, and so does a slow start. */
export function usePageShellGuard(pathname: string): void {
  useLayoutEffect(() => {
    const path = pageShellPath();
    // Tags are matched case-insensitively, as the server found the twin.
    if (path !== null && path.toLowerCase() !== pathname.replace(/(.)\/$/, '$1').toLowerCase()) dismissPageShell();
  }, [pathname]);
  useLayoutEffect(() => {
    const timer = window.setTimeout(dismissPageShell, shellTimeoutMs);
    return () => window.clearTimeout(timer);
  }, []);
}
