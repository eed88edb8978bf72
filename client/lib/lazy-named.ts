import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { withParts } from './i18n';

type ComponentOf<T> = T extends ComponentType<infer Props> ? ComponentType<Props> : never;

/**
 * The component `name` of the module `load` fetches, as a lazy component: its code comes when it
 * first renders (or earlier, when `load` is called to prefetch it), and it draws once the catalog
 * parts its module registers are there in the language in use (withParts).
 */
export function lazyNamed<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentOf<Module[Name]>> {
  const loadWithParts = withParts(load);
  return lazy(async () => ({
    default: (await loadWithParts())[name] as ComponentOf<Module[Name]>,
  }));
}
