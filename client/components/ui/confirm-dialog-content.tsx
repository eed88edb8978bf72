import { AlertDialog } from 'radix-ui';
import type { RefObject } from 'react';
import { Button } from './button';

/** What a confirmation says and does (`ConfirmDialog`, confirm-dialog.tsx, adds its trigger). */
export interface ConfirmDialogText {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * The Radix alert dialog behind `ConfirmDialog` (confirm-dialog.tsx), loaded on the first tap.
 * `cancelLabel` comes translated from `ConfirmDialog`: an i18n import in this lazily loaded chunk
 * made Rollup split the i18n core out of the start chunk (home route over its 120 KB).
 */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  returnFocusTo,
  title,
  text,
  confirmLabel,
  onConfirm,
  cancelLabel,
}: ConfirmDialogText & {
  cancelLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            // There is no Radix trigger (the button is ours): focus goes back to it by hand.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <AlertDialog.Title className="text-xl font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">{text}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
