import {
  type ComponentType,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { registerToasterHost } from '../../lib/toast';

type ToasterProps = { onMounted: () => void };

/** sonner's Toaster, fetched with sonner itself on the first toast (client/lib/toast.ts). */
const LazyToaster = lazy(async () => {
  const { Toaster } = await import('sonner');
  const Mounted: ComponentType<ToasterProps> = ({ onMounted }) => {
    // The parent's effect runs after sonner's own (which subscribes to new toasts).
    useEffect(onMounted, [onMounted]);
    return <Toaster visibleToasts={1} position="top-center" richColors closeButton />;
  };
  return { default: Mounted };
});

/** SPEC §9: one toast visible at a time. Renders nothing until the first toast is asked for. */
export function AppToaster() {
  const [wanted, setWanted] = useState(false);
  const mounted = useRef<() => void>(undefined);
  const onMounted = useCallback(() => mounted.current?.(), []);
  useEffect(
    () =>
      registerToasterHost(
        () =>
          new Promise<void>((resolve) => {
            mounted.current = resolve;
            setWanted(true);
          }),
      ),
    [],
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster onMounted={onMounted} />
    </Suspense>
  );
}
