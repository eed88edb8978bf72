import type { toast as sonnerToast } from 'sonner';

/**
 * `toast.success` / `toast.error` without sonner in the first bundle: sonner (a tenth of the home
 * route's script) loads on the first toast, and the app's toaster (AppToaster) mounts then.
 * Toasts are shown in the order they were asked for.
 */
type Sonner = typeof import('sonner');

let host: { mount: () => Promise<void> } | undefined;
let loading: Promise<Sonner> | undefined;

/** The app's toaster registers itself so that the first toast can mount it before showing. */
export function registerToasterHost(mount: () => Promise<void>): () => void {
  host = { mount };
  return () => {
    if (host?.mount === mount) host = undefined;
  };
}

function sonner(): Promise<Sonner> {
  loading ??= import('sonner').then(async (module) => {
    await host?.mount();
    return module;
  });
  return loading;
}

/** Starts fetching sonner without showing anything (e.g. when a form is about to be sent). */
export function preloadToasts(): void {
  void sonner();
}

type Show = typeof sonnerToast.success;

function later(kind: 'success' | 'error'): (...args: Parameters<Show>) => void {
  return (...args) => {
    void sonner().then(({ toast }) => toast[kind](...args));
  };
}

export const toast = { success: later('success'), error: later('error') };
