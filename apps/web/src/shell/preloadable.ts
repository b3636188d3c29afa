import { type ComponentType, createElement, lazy, useState } from 'react';

// A lazily loaded component (one chunk) that renders at once when its chunk has arrived: React.lazy
// suspends on its first render even when the module is already there, which would commit a loading
// screen, wait for React's Suspense throttle and then commit the page a second time (two long tasks
// on a phone). The app loads the route's chunks before its first render (lazy-layouts.ts,
// loadRouteLayout), so the page commits once.

export type Preloadable<P> = {
  /** The component to render: the loaded one, or a lazy one while its chunk is on the way. */
  Component: ComponentType<P>;
  /** Fetches the chunk (once); resolves when the component is there. */
  load: () => Promise<void>;
};

type Entry<P> = { loaded: ComponentType<P> | null; Lazy: ComponentType<P> };

/** The loaded component, or the lazy one while its chunk is on the way. */
function LoadedOrLazy<P extends object>({ entry, props }: { entry: Entry<P>; props: P }) {
  // Chosen once per mount: switching from the lazy one to the loaded one would remount the page.
  const [type] = useState(() => entry.loaded ?? entry.Lazy);
  return createElement(type, props);
}

/** Called once per component, at a module's top level (never inside a render). */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const once = () => {
    loading ??= load().then((component) => {
      entry.loaded = component;
      return component;
    });
    return loading;
  };
  const entry: Entry<P> = {
    loaded: null,
    Lazy: lazy(() => once().then((component) => ({ default: component }))) as ComponentType<P>,
  };
  const render = (props: P) => createElement(LoadedOrLazy<P>, { entry, props });
  return { Component: render, load: () => once().then(() => undefined) };
}
