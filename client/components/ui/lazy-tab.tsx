import { type ComponentType, Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { useI18n } from '../../lib/use-i18n';
import { LoadingScreen } from './loading-screen';

/**
 * A tab's content whose code (and words) come when the tab is first opened: Radix draws only the
 * open tab's panel, so a page loads just its first tab. `name` is the component `load` exports.
 */
export function lazyTab<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): ComponentType<Props> {
  // Within this generic helper TypeScript cannot resolve the props' type; it is Props.
  const Loaded = lazyNamed(load, name) as unknown as ComponentType<Props>;
  return function LazyTab(props: Props) {
    const { _ } = useI18n();
    return (
      <Suspense fallback={<LoadingScreen label={_('header.loading')} />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
