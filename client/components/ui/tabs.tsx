import { Tabs as RadixTabs } from 'radix-ui';
import { type ComponentProps, createContext, type ReactNode, use } from 'react';
import { directionOf } from '../../../shared/i18n/locales';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/use-i18n';

/**
 * How the tab row uses its width: `wrap` sizes to its tabs and wraps them on narrow screens,
 * `scroll` spans the width and scrolls sideways (for many tabs), `fill` shares the width equally.
 */
export type TabLayout = 'wrap' | 'scroll' | 'fill';

const LIST_LAYOUTS: Record<TabLayout, string> = {
  wrap: 'inline-flex flex-wrap',
  scroll: 'flex overflow-x-auto',
  fill: 'flex',
};

const TAB_LAYOUTS: Record<TabLayout, string> = {
  wrap: 'px-4 py-2',
  scroll: 'whitespace-nowrap px-3 py-2',
  fill: 'flex-1 whitespace-nowrap px-2 py-2.5 transition-colors',
};

// Tabs take their padding from the row they sit in, so a screen sets the layout once.
const LayoutContext = createContext<TabLayout>('wrap');

/**
 * Tabs on Radix (arrow keys, Home/End, roles and aria wiring). Controlled with `value` and
 * `onValueChange`, or uncontrolled with `defaultValue`. Inactive panels are not mounted, so a
 * panel may load its data when it first opens.
 */
export function Tabs(props: ComponentProps<typeof RadixTabs.Root>) {
  // Radix writes dir="ltr" unless told: in Arabic the tabs and their panels would not mirror.
  const { locale } = useI18n();
  return <RadixTabs.Root dir={directionOf(locale)} {...props} />;
}

export function TabList({
  label,
  layout = 'wrap',
  children,
}: {
  /** Names the row for screen readers, e.g. "Offers". */
  label: string;
  layout?: TabLayout;
  children: ReactNode;
}) {
  return (
    <LayoutContext value={layout}>
      <RadixTabs.List
        aria-label={label}
        className={cn('mb-6 gap-1 rounded-xl bg-stone-100 p-1', LIST_LAYOUTS[layout])}
      >
        {children}
      </RadixTabs.List>
    </LayoutContext>
  );
}

export function Tab({ value, children }: { value: string; children: ReactNode }) {
  const layout = use(LayoutContext);
  return (
    <RadixTabs.Trigger
      value={value}
      className={cn(
        'rounded-lg text-sm font-semibold text-muted data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm',
        TAB_LAYOUTS[layout],
      )}
    >
      {children}
    </RadixTabs.Trigger>
  );
}

export function TabPanel({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <RadixTabs.Content value={value} className={className}>
      {children}
    </RadixTabs.Content>
  );
}
