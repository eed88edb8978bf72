import { defineArea } from '../area.js';

/**
 * "I'd swap for this" on a listing's page (client/features/matching/components/swap-for-button.tsx):
 * an area of its own, so the listing's page brings these words and not all of Matches'.
 */
export const swapFor = defineArea({
  en: {
    'swapFor.button': "I'd swap for this",
    'swapFor.saved': 'Saved',
    'swapFor.on':
      '{count, plural, =0 {“{title}” is off your wants.} other {“{title}” is on the wants of # of your listings.}}',
    'swapFor.error': 'Error',
    'swapFor.which': 'Which of your listings would you give for “{title}”?',
    'swapFor.loading': 'Loading your listings…',
    'swapFor.listFirst': 'List something first: then you can offer it for this.',
    'swapFor.yours': 'Your listings',
    'swapFor.cancel': 'Cancel',
    'swapFor.saving': 'Saving…',
    'swapFor.save': 'Save',
  },
  'pt-BR': {
    'swapFor.button': 'Eu trocaria por isto',
    'swapFor.saved': 'Salvo',
    'swapFor.on':
      '{count, plural, =0 {“{title}” saiu dos seus desejos.} one {“{title}” está nos desejos de # dos seus anúncios.} other {“{title}” está nos desejos de # dos seus anúncios.}}',
    'swapFor.error': 'Erro',
    'swapFor.which': 'Qual dos seus anúncios você daria por “{title}”?',
    'swapFor.loading': 'Carregando seus anúncios…',
    'swapFor.listFirst': 'Anuncie algo primeiro: depois você pode oferecer por isto.',
    'swapFor.yours': 'Seus anúncios',
    'swapFor.cancel': 'Cancelar',
    'swapFor.saving': 'Salvando…',
    'swapFor.save': 'Salvar',
  },
  de: {
    'swapFor.button': 'Dafür würde ich tauschen',
    'swapFor.saved': 'Gespeichert',
    'swapFor.on':
      '{count, plural, =0 {„{title}“ ist nicht mehr auf deiner Wunschliste.} one {„{title}“ steht auf der Wunschliste einer deiner Anzeigen.} other {„{title}“ steht auf der Wunschliste von # deiner Anzeigen.}}',
    'swapFor.error': 'Fehler',
    'swapFor.which': 'Welche deiner Anzeigen würdest du für „{title}“ geben?',
    'swapFor.loading': 'Deine Anzeigen werden geladen…',
    'swapFor.listFirst': 'Stell zuerst etwas ein: Dann kannst du es dafür anbieten.',
    'swapFor.yours': 'Deine Anzeigen',
    'swapFor.cancel': 'Abbrechen',
    'swapFor.saving': 'Wird gespeichert…',
    'swapFor.save': 'Speichern',
  },
  ar: {
    'swapFor.button': 'أبادل مقابل هذا',
    'swapFor.saved': 'حُفظ',
    'swapFor.on':
      '{count, plural, =0 {أُزيل «{title}» من رغباتك.} one {«{title}» في رغبات إعلان واحد من إعلاناتك.} two {«{title}» في رغبات إعلانين من إعلاناتك.} few {«{title}» في رغبات # من إعلاناتك.} other {«{title}» في رغبات # من إعلاناتك.}}',
    'swapFor.error': 'خطأ',
    'swapFor.which': 'أي إعلاناتك تعطي مقابل «{title}»؟',
    'swapFor.loading': 'جارٍ تحميل إعلاناتك…',
    'swapFor.listFirst': 'انشر شيئًا أولًا: ثم يمكنك عرضه مقابل هذا.',
    'swapFor.yours': 'إعلاناتك',
    'swapFor.cancel': 'إلغاء',
    'swapFor.saving': 'جارٍ الحفظ…',
    'swapFor.save': 'حفظ',
  },
});
