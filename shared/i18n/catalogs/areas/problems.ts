import { defineArea } from '../area.js';

/**
 * "Report a problem" after a swap or a circle (issue 40 §2:
 * client/features/problems/components/report-problem-button.tsx): the dialog, its reasons and
 * the form's checks (shared/problems.ts, which the server answers in English).
 */
export const problems = defineArea({
  en: {
    'problem.report': 'Report a problem',
    'problem.lead':
      "Within {days} days of the swap (of agreeing it, for a no-show). {name} is told and can answer in the {where, select, circle {circle's} other {offer's}} chat; a moderator decides.",
    'problem.whatWentWrong': 'What went wrong?',
    'problem.reason.not-received': 'I did not receive it',
    'problem.reason.not-as-described': 'It was not as described',
    'problem.reason.no-show': 'They did not show up',
    'problem.reason.other': 'Something else',
    'problem.whatHappened': 'What happened?',
    'problem.cancel': 'Cancel',
    'problem.send': 'Send to the moderators',
    'problem.reported': 'Problem reported',
    'problem.reportedText': '{name} has been told. A moderator will look at it.',
    'problem.failed': 'The problem could not be reported',
    'problem.checkForm': 'Please check the form',
    'problem.error.reason': 'Choose a reason: not-received, not-as-described, no-show or other',
    'problem.error.message': 'Please say what happened',
    'problem.error.tooLong': 'The message must be at most {max} characters',
  },
  'pt-BR': {
    'problem.report': 'Relatar um problema',
    'problem.lead':
      'Até {days} dias após a troca (após combiná-la, se a pessoa não apareceu). {name} é avisado e pode responder no chat {where, select, circle {do círculo} other {da oferta}}; um moderador decide.',
    'problem.whatWentWrong': 'O que deu errado?',
    'problem.reason.not-received': 'Não recebi',
    'problem.reason.not-as-described': 'Não era como descrito',
    'problem.reason.no-show': 'A pessoa não apareceu',
    'problem.reason.other': 'Outra coisa',
    'problem.whatHappened': 'O que aconteceu?',
    'problem.cancel': 'Cancelar',
    'problem.send': 'Enviar aos moderadores',
    'problem.reported': 'Problema relatado',
    'problem.reportedText': '{name} foi avisado. Um moderador vai analisar.',
    'problem.failed': 'Não foi possível relatar o problema',
    'problem.checkForm': 'Verifique o formulário',
    'problem.error.reason': 'Escolha um motivo',
    'problem.error.message': 'Diga o que aconteceu',
    'problem.error.tooLong': 'A mensagem pode ter no máximo {max} caracteres',
  },
  de: {
    'problem.report': 'Problem melden',
    'problem.lead':
      'Innerhalb von {days} Tagen nach dem Tausch (nach der Vereinbarung, wenn jemand nicht kam). {name} wird informiert und kann im Chat {where, select, circle {des Tauschrings} other {des Angebots}} antworten; ein Moderator entscheidet.',
    'problem.whatWentWrong': 'Was ist schiefgelaufen?',
    'problem.reason.not-received': 'Ich habe es nicht erhalten',
    'problem.reason.not-as-described': 'Es war nicht wie beschrieben',
    'problem.reason.no-show': 'Die Person ist nicht gekommen',
    'problem.reason.other': 'Etwas anderes',
    'problem.whatHappened': 'Was ist passiert?',
    'problem.cancel': 'Abbrechen',
    'problem.send': 'An die Moderatoren senden',
    'problem.reported': 'Problem gemeldet',
    'problem.reportedText': '{name} wurde informiert. Ein Moderator sieht es sich an.',
    'problem.failed': 'Das Problem konnte nicht gemeldet werden',
    'problem.checkForm': 'Bitte prüfe das Formular',
    'problem.error.reason': 'Wähle einen Grund',
    'problem.error.message': 'Bitte sag, was passiert ist',
    'problem.error.tooLong': 'Die Nachricht darf höchstens {max} Zeichen lang sein',
  },
  ar: {
    'problem.report': 'الإبلاغ عن مشكلة',
    'problem.lead':
      'خلال {days} يومًا من المقايضة (من الاتفاق عليها، إذا لم يحضر الطرف الآخر). يُبلَّغ {name} ويمكنه الرد في محادثة {where, select, circle {الدائرة} other {العرض}}؛ ويقرر أحد المشرفين.',
    'problem.whatWentWrong': 'ما الذي حدث بشكل خاطئ؟',
    'problem.reason.not-received': 'لم أستلمه',
    'problem.reason.not-as-described': 'لم يكن كما هو موصوف',
    'problem.reason.no-show': 'لم يحضروا',
    'problem.reason.other': 'شيء آخر',
    'problem.whatHappened': 'ماذا حدث؟',
    'problem.cancel': 'إلغاء',
    'problem.send': 'إرسال إلى المشرفين',
    'problem.reported': 'تم الإبلاغ عن المشكلة',
    'problem.reportedText': 'تم إبلاغ {name}. سيراجع أحد المشرفين الأمر.',
    'problem.failed': 'تعذّر الإبلاغ عن المشكلة',
    'problem.checkForm': 'يرجى مراجعة النموذج',
    'problem.error.reason': 'اختر سببًا',
    'problem.error.message': 'يرجى ذكر ما حدث',
    'problem.error.tooLong': 'يجب ألا تتجاوز الرسالة {max} حرف',
  },
});
