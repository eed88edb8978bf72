import { defineArea } from '../area.js';

/**
 * The words of the shared dialogs themselves (client/components/ui/modal-dialog.tsx,
 * confirm-dialog-content.tsx): their chunks load on the first open, and bring these with them,
 * so no page carries them before a dialog opens. What a dialog says comes from its caller.
 */
export const dialogs = defineArea({
  en: {
    'dialog.cancel': 'Cancel',
    'dialog.close': 'Close',
  },
  'pt-BR': {
    'dialog.cancel': 'Cancelar',
    'dialog.close': 'Fechar',
  },
  de: {
    'dialog.cancel': 'Abbrechen',
    'dialog.close': 'Schließen',
  },
  ar: {
    'dialog.cancel': 'إلغاء',
    'dialog.close': 'إغلاق',
  },
});
