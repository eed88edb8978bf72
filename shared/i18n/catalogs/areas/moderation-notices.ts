import { defineArea } from '../area.js';

/**
 * Notifications about problems after swaps and moderators' warnings (server/features/problems,
 * server/features/reports), in the recipient's language. Server-only (`notify.`). A reason comes
 * in its in-sentence form; English keeps the lower-cased labels it always showed.
 */
export const moderationNotices = defineArea({
  en: {
    'notify.problemReported.swap':
      "{actor} reported a problem with your swap ({reason}). You can answer in the offer's chat; a moderator will look at it.",
    'notify.problemReported.circle':
      "{actor} reported a problem with your circle ({reason}). You can answer in the circle's chat; a moderator will look at it.",
    'notify.problemReason.not-received': 'i did not receive it',
    'notify.problemReason.not-as-described': 'it was not as described',
    'notify.problemReason.no-show': 'they did not show up',
    'notify.problemReason.other': 'something else',
    'notify.problemUpheld': 'A moderator upheld the problem you reported.',
    'notify.problemUpheldNote': 'A moderator upheld the problem you reported: {note}',
    'notify.problemDismissed': 'A moderator dismissed the problem you reported.',
    'notify.problemDismissedNote': 'A moderator dismissed the problem you reported: {note}',
    'notify.warnedProblem':
      'A moderator warned you after a problem reported with a swap ({reason}). Please follow the community guidelines.',
    'notify.warnedProblemNote':
      'A moderator warned you after a problem reported with a swap ({reason}): {note}',
    'notify.warnedReport':
      'A moderator warned you after a report ({reason}). Please follow the community guidelines.',
    'notify.warnedReportNote': 'A moderator warned you after a report ({reason}): {note}',
    'notify.reportReason.spam': 'spam',
    'notify.reportReason.scam': 'scam or fraud',
    'notify.reportReason.harassment': 'harassment',
    'notify.reportReason.inappropriate': 'inappropriate behaviour',
    'notify.reportReason.other': 'something else',
    'notify.reportReason.unknown': 'a report',
  },
  'pt-BR': {
    'notify.problemReported.swap':
      '{actor} relatou um problema com sua troca ({reason}). Você pode responder no chat da oferta; um moderador vai analisar.',
    'notify.problemReported.circle':
      '{actor} relatou um problema com seu círculo ({reason}). Você pode responder no chat do círculo; um moderador vai analisar.',
    'notify.problemReason.not-received': 'não recebi',
    'notify.problemReason.not-as-described': 'não era como descrito',
    'notify.problemReason.no-show': 'a pessoa não apareceu',
    'notify.problemReason.other': 'outro motivo',
    'notify.problemUpheld': 'Um moderador deu razão ao problema que você relatou.',
    'notify.problemUpheldNote': 'Um moderador deu razão ao problema que você relatou: {note}',
    'notify.problemDismissed': 'Um moderador rejeitou o problema que você relatou.',
    'notify.problemDismissedNote': 'Um moderador rejeitou o problema que você relatou: {note}',
    'notify.warnedProblem':
      'Um moderador advertiu você após um problema relatado em uma troca ({reason}). Siga as diretrizes da comunidade.',
    'notify.warnedProblemNote':
      'Um moderador advertiu você após um problema relatado em uma troca ({reason}): {note}',
    'notify.warnedReport':
      'Um moderador advertiu você após uma denúncia ({reason}). Siga as diretrizes da comunidade.',
    'notify.warnedReportNote': 'Um moderador advertiu você após uma denúncia ({reason}): {note}',
    'notify.reportReason.spam': 'spam',
    'notify.reportReason.scam': 'golpe ou fraude',
    'notify.reportReason.harassment': 'assédio',
    'notify.reportReason.inappropriate': 'comportamento inadequado',
    'notify.reportReason.other': 'outro motivo',
    'notify.reportReason.unknown': 'uma denúncia',
  },
  de: {
    'notify.problemReported.swap':
      '{actor} hat ein Problem mit eurem Tausch gemeldet ({reason}). Du kannst im Chat des Angebots antworten; ein Moderator sieht es sich an.',
    'notify.problemReported.circle':
      '{actor} hat ein Problem mit eurem Tauschring gemeldet ({reason}). Du kannst im Chat des Tauschrings antworten; ein Moderator sieht es sich an.',
    'notify.problemReason.not-received': 'nicht erhalten',
    'notify.problemReason.not-as-described': 'nicht wie beschrieben',
    'notify.problemReason.no-show': 'nicht erschienen',
    'notify.problemReason.other': 'etwas anderes',
    'notify.problemUpheld': 'Ein Moderator hat dem von dir gemeldeten Problem recht gegeben.',
    'notify.problemUpheldNote':
      'Ein Moderator hat dem von dir gemeldeten Problem recht gegeben: {note}',
    'notify.problemDismissed': 'Ein Moderator hat das von dir gemeldete Problem abgewiesen.',
    'notify.problemDismissedNote':
      'Ein Moderator hat das von dir gemeldete Problem abgewiesen: {note}',
    'notify.warnedProblem':
      'Ein Moderator hat dich nach einem gemeldeten Problem bei einem Tausch verwarnt ({reason}). Bitte halte dich an die Community-Richtlinien.',
    'notify.warnedProblemNote':
      'Ein Moderator hat dich nach einem gemeldeten Problem bei einem Tausch verwarnt ({reason}): {note}',
    'notify.warnedReport':
      'Ein Moderator hat dich nach einer Meldung verwarnt ({reason}). Bitte halte dich an die Community-Richtlinien.',
    'notify.warnedReportNote':
      'Ein Moderator hat dich nach einer Meldung verwarnt ({reason}): {note}',
    'notify.reportReason.spam': 'Spam',
    'notify.reportReason.scam': 'Betrug',
    'notify.reportReason.harassment': 'Belästigung',
    'notify.reportReason.inappropriate': 'unangemessenes Verhalten',
    'notify.reportReason.other': 'etwas anderes',
    'notify.reportReason.unknown': 'eine Meldung',
  },
  ar: {
    'notify.problemReported.swap':
      'أبلغ {actor} عن مشكلة في مبادلتك ({reason}). يمكنك الرد في محادثة العرض؛ سيراجعها أحد المشرفين.',
    'notify.problemReported.circle':
      'أبلغ {actor} عن مشكلة في دائرة المبادلة ({reason}). يمكنك الرد في محادثة الدائرة؛ سيراجعها أحد المشرفين.',
    'notify.problemReason.not-received': 'لم أستلمه',
    'notify.problemReason.not-as-described': 'لم يكن كما وُصف',
    'notify.problemReason.no-show': 'لم يحضر',
    'notify.problemReason.other': 'سبب آخر',
    'notify.problemUpheld': 'أيّد أحد المشرفين المشكلة التي أبلغت عنها.',
    'notify.problemUpheldNote': 'أيّد أحد المشرفين المشكلة التي أبلغت عنها: {note}',
    'notify.problemDismissed': 'رفض أحد المشرفين المشكلة التي أبلغت عنها.',
    'notify.problemDismissedNote': 'رفض أحد المشرفين المشكلة التي أبلغت عنها: {note}',
    'notify.warnedProblem':
      'وجّه إليك أحد المشرفين تحذيرًا بعد مشكلة أُبلغ عنها في مبادلة ({reason}). يُرجى اتباع إرشادات المجتمع.',
    'notify.warnedProblemNote':
      'وجّه إليك أحد المشرفين تحذيرًا بعد مشكلة أُبلغ عنها في مبادلة ({reason}): {note}',
    'notify.warnedReport':
      'وجّه إليك أحد المشرفين تحذيرًا بعد بلاغ ({reason}). يُرجى اتباع إرشادات المجتمع.',
    'notify.warnedReportNote': 'وجّه إليك أحد المشرفين تحذيرًا بعد بلاغ ({reason}): {note}',
    'notify.reportReason.spam': 'رسائل مزعجة',
    'notify.reportReason.scam': 'احتيال',
    'notify.reportReason.harassment': 'تحرش',
    'notify.reportReason.inappropriate': 'سلوك غير لائق',
    'notify.reportReason.other': 'سبب آخر',
    'notify.reportReason.unknown': 'بلاغ',
  },
});
