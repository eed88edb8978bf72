import { lazy, Suspense, useState } from 'react';
import { useI18n } from '../../lib/use-i18n';
// A type only: the dialog itself is still fetched on the first open.
import type { ModalProps } from './modal-dialog';

export const loadModalDialog = () => import('./modal-dialog');
const ModalDialog = lazy(async () => ({ default: (await loadModalDialog()).ModalDialog }));

/**
 * A titled dialog with a close button; the building block of every modal here. The Radix dialog
 * (focus trap, scroll lock: ~17 KB gzip with its dependencies) is fetched on the first open, so
 * pages that only might show a modal do not download it; until then nothing is rendered. The
 * close button's name is translated here, not in the dialog's chunk (see modal-dialog.tsx).
 */
export function Modal(props: ModalProps) {
  const { _ } = useI18n();
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} closeLabel={_('dialog.close')} />
    </Suspense>
  );
}
