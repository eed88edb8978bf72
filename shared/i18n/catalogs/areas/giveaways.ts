import { defineArea } from '../area.js';

/**
 * A give-away's request and draw (client/features/swaps/components: giveaway-draw,
 * giveaway-owner-panel, request-giveaway-dialog), shown on the listing's page and on the giver's
 * request cards in My Offers.
 */
export const giveaways = defineArea({
  en: {
    'giveaways.won': '{name} won “{title}”',
    'giveaways.wonText': 'Their request is accepted; the others were told kindly.',
    'giveaways.drawFailed': 'The draw failed',
    'giveaways.draw': 'Draw a winner at random',
    'giveaways.drawing': 'Drawing...',
    'giveaways.drawTitle': 'Draw a winner at random?',
    'giveaways.drawText':
      'One of the pending requests for “{title}” is picked at random and accepted; the others are declined kindly. This cannot be undone.',
    'giveaways.drawConfirm': 'Draw',
    'giveaways.outcome':
      '{where, select, myOffers {{name} won the draw. Their request is accepted in My Offers.} other {{name} won the draw. Their request is accepted.}}',
    'giveaways.panel': 'Requests for your give-away',
    'giveaways.promised': 'It is promised to a member: see My Offers.',
    'giveaways.waiting': '{fairChance}. Then accept one request, or draw a winner at random.',
    'giveaways.over':
      'The fair chance is over: accept one request in My Offers, or draw a winner at random.',
    'giveaways.seeRequests': 'See the requests in My Offers',
    'giveaways.request.title': 'Request this give-away',
    'giveaways.request.description': '“{title}” is free: say why you would like it.',
    'giveaways.request.placeholder': 'Say hello, and when you could pick it up',
    'giveaways.request.submit': 'Send Request',
    'giveaways.request.sent': 'Request sent!',
    'giveaways.request.sentText': 'The owner will choose who gets it, or draw at random.',
    'giveaways.request.failed': 'Failed to send request',
  },
  'pt-BR': {
    'giveaways.won': '{name} ganhou “{title}”',
    'giveaways.wonText': 'O pedido foi aceito; os outros foram avisados com gentileza.',
    'giveaways.drawFailed': 'O sorteio falhou',
    'giveaways.draw': 'Sortear um ganhador',
    'giveaways.drawing': 'Sorteando...',
    'giveaways.drawTitle': 'Sortear um ganhador?',
    'giveaways.drawText':
      'Um dos pedidos pendentes de “{title}” é sorteado e aceito; os outros são recusados com gentileza. Não é possível desfazer.',
    'giveaways.drawConfirm': 'Sortear',
    'giveaways.outcome':
      '{where, select, myOffers {{name} ganhou o sorteio. O pedido foi aceito em Minhas ofertas.} other {{name} ganhou o sorteio. O pedido foi aceito.}}',
    'giveaways.panel': 'Pedidos da sua doação',
    'giveaways.promised': 'Está prometido a um membro: veja Minhas ofertas.',
    'giveaways.waiting': '{fairChance}. Depois, aceite um pedido ou sorteie um ganhador.',
    'giveaways.over':
      'A chance justa acabou: aceite um pedido em Minhas ofertas ou sorteie um ganhador.',
    'giveaways.seeRequests': 'Ver os pedidos em Minhas ofertas',
    'giveaways.request.title': 'Pedir esta doação',
    'giveaways.request.description': '“{title}” é grátis: diga por que você gostaria dele.',
    'giveaways.request.placeholder': 'Diga olá e quando você poderia buscar',
    'giveaways.request.submit': 'Enviar pedido',
    'giveaways.request.sent': 'Pedido enviado!',
    'giveaways.request.sentText': 'O dono vai escolher quem recebe, ou sortear.',
    'giveaways.request.failed': 'Não foi possível enviar o pedido',
  },
  de: {
    'giveaways.won': '{name} hat „{title}“ gewonnen',
    'giveaways.wonText': 'Die Anfrage ist angenommen; die anderen wurden freundlich informiert.',
    'giveaways.drawFailed': 'Die Auslosung ist fehlgeschlagen',
    'giveaways.draw': 'Gewinner auslosen',
    'giveaways.drawing': 'Wird ausgelost...',
    'giveaways.drawTitle': 'Gewinner auslosen?',
    'giveaways.drawText':
      'Eine der offenen Anfragen für „{title}“ wird zufällig gezogen und angenommen; die anderen werden freundlich abgelehnt. Das lässt sich nicht rückgängig machen.',
    'giveaways.drawConfirm': 'Auslosen',
    'giveaways.outcome':
      '{where, select, myOffers {{name} hat die Auslosung gewonnen. Die Anfrage ist in Meine Angebote angenommen.} other {{name} hat die Auslosung gewonnen. Die Anfrage ist angenommen.}}',
    'giveaways.panel': 'Anfragen für dein Geschenk',
    'giveaways.promised': 'Es ist einem Mitglied versprochen: siehe Meine Angebote.',
    'giveaways.waiting': '{fairChance}. Nimm dann eine Anfrage an oder lose einen Gewinner aus.',
    'giveaways.over':
      'Die faire Frist ist vorbei: Nimm eine Anfrage in Meine Angebote an oder lose einen Gewinner aus.',
    'giveaways.seeRequests': 'Anfragen in Meine Angebote ansehen',
    'giveaways.request.title': 'Dieses Geschenk anfragen',
    'giveaways.request.description': '„{title}“ ist kostenlos: Sag, warum du es gern hättest.',
    'giveaways.request.placeholder': 'Sag hallo und wann du es abholen könntest',
    'giveaways.request.submit': 'Anfrage senden',
    'giveaways.request.sent': 'Anfrage gesendet!',
    'giveaways.request.sentText': 'Der Besitzer wählt, wer es bekommt, oder lost aus.',
    'giveaways.request.failed': 'Anfrage konnte nicht gesendet werden',
  },
  ar: {
    'giveaways.won': 'فاز {name} بـ«{title}»',
    'giveaways.wonText': 'قُبل طلبه، وأُبلغ الآخرون بلطف.',
    'giveaways.drawFailed': 'فشلت القرعة',
    'giveaways.draw': 'اختيار فائز بالقرعة',
    'giveaways.drawing': 'جارٍ السحب...',
    'giveaways.drawTitle': 'اختيار فائز بالقرعة؟',
    'giveaways.drawText':
      'يُختار أحد الطلبات المعلّقة على «{title}» عشوائيًا ويُقبل، وتُرفض الطلبات الأخرى بلطف. لا يمكن التراجع عن ذلك.',
    'giveaways.drawConfirm': 'اسحب',
    'giveaways.outcome':
      '{where, select, myOffers {فاز {name} بالقرعة. قُبل طلبه في عروضي.} other {فاز {name} بالقرعة. قُبل طلبه.}}',
    'giveaways.panel': 'طلبات هديتك',
    'giveaways.promised': 'وُعد به أحد الأعضاء: راجع عروضي.',
    'giveaways.waiting': '{fairChance}. ثم اقبل طلبًا واحدًا أو اختر فائزًا بالقرعة.',
    'giveaways.over': 'انتهت فترة الفرصة العادلة: اقبل طلبًا في عروضي أو اختر فائزًا بالقرعة.',
    'giveaways.seeRequests': 'عرض الطلبات في عروضي',
    'giveaways.request.title': 'اطلب هذه الهدية',
    'giveaways.request.description': '«{title}» مجاني: قل لماذا تريده.',
    'giveaways.request.placeholder': 'ألقِ التحية وقل متى يمكنك استلامه',
    'giveaways.request.submit': 'إرسال الطلب',
    'giveaways.request.sent': 'أُرسل الطلب!',
    'giveaways.request.sentText': 'سيختار المالك من يحصل عليه، أو يُجري قرعة.',
    'giveaways.request.failed': 'تعذّر إرسال الطلب',
  },
});
