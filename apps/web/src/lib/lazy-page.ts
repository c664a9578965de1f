import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** React.lazy for modules with named exports: `lazyPage(() => import('./x'), 'XPage')`. */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
