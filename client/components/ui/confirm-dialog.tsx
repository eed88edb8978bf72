import { Slot } from 'radix-ui';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { prefetchOnApproach } from '../../lib/prefetch';
import { useI18n } from '../../lib/use-i18n';
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
 * it up front. The cancel button's words are translated here, not in the dialog's chunk (see
 * confirm-dialog-content.tsx).
 */
export function ConfirmDialog({ trigger, ...dialog }: ConfirmDialogProps) {
  const { _ } = useI18n();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);
  return (
    <>
      <Slot.Root
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...prefetchOnApproach(loadContent)}
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
            cancelLabel={_('dialog.cancel')}
          />
        </Suspense>
      )}
    </>
  );
}
