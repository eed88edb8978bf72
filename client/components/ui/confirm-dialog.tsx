import { Slot } from 'radix-ui';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
// A type only: the alert dialog itself is still fetched when first wanted.
import type { ConfirmDialogText } from './confirm-dialog-content';

export interface ConfirmDialogProps extends ConfirmDialogText {
  trigger: ReactNode;
}

const loadContent = () => import('./confirm-dialog-content');
const ConfirmDialogContent = lazy(async () => ({
  default: (await loadContent()).ConfirmDialogContent,
}));

/**
 * A confirmation behind `trigger`. The Radix alert dialog is fetched when the pointer or focus
 * reaches the trigger and shown on the first tap, so pages with a delete button do not download
 * it up front.
 */
export function ConfirmDialog({ trigger, ...dialog }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);
  return (
    <>
      <Slot.Root
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadContent()}
        onFocus={() => void loadContent()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {trigger}
      </Slot.Root>
      {opened && (
        <Suspense fallback={null}>
          <ConfirmDialogContent
            {...dialog}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={triggerRef}
          />
        </Suspense>
      )}
    </>
  );
}
