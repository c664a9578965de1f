import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** React.lazy for modules with named exports: `lazyPage(() => import('./x'), 'XPage')`. */
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
