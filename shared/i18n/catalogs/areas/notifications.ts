import { defineArea } from '../area.js';

/**
 * What notifications say (server/features/notifications/notification-listeners.ts), written in
 * the recipient's language when the notification is made; pushes and emails carry the same
 * text. Server-only (`notify.`). `{title}` is a listing's title already quoted by
 * `notify.quoted` (each language its own quotation marks), or `notify.aListing`.
 */
export const notifications = defineArea({
  en: {
    'notify.quoted': '“{title}”',
    'notify.aListing': 'a listing',
    'notify.yourOffer': 'your offer',
    'notify.aMember': 'A member',
    'notify.noReason': 'no reason given',
    'notify.offerReceived': '{actor} made an offer on your listing {title}',
    'notify.requestReceived': '{actor} asked for your give-away {title}',
    'notify.offerAccepted': '{actor} accepted your offer on {title}',
    'notify.requestAccepted': '{actor} accepted your request for {title}',
    'notify.requestNotChosen':
      '{title} was given to another member this time. Thanks for asking, and good luck with the next one!',
    'notify.offerRejected': '{actor} declined your offer on {title}',
    'notify.requestRejected': '{actor} declined your request for {title}',
    'notify.swapCompleted':
      '{actor} marked your swap of {title} as completed. You can rate them now.',
    'notify.giveawayCompleted':
      '{actor} marked the give-away of {title} as completed. You can rate them now.',
    'notify.offerCountered': '{actor} answered your offer on {title} with a counter-offer',
    'notify.offerWithdrawn': '{actor} withdrew their offer on {title}',
    'notify.requestWithdrawn': '{actor} withdrew their request for {title}',
    'notify.swapCancelled': '{actor} cancelled your accepted swap of {title}: {reason}',
    'notify.requestCancelled': '{actor} cancelled the accepted request for {title}: {reason}',
    'notify.message': '{actor} sent you a message about {title}',
    'notify.rating': '{actor} rated your swap with {stars, plural, one {# star} other {# stars}}',
    'notify.ratingUnknown': '{actor} rated your swap with a rating',
    'notify.listingRemoved': 'A moderator removed your listing {title}. Reason: {reason}',
    'notify.mutualMatch': 'New mutual match: someone wants your {title} and has something you want',
    'notify.circleMatch': 'A new swap circle includes your {title}',
    'notify.circle.proposed': '{actor} proposed a swap circle with you: see who gives what to whom',
    'notify.circle.accepted': '{actor} accepted their part in a swap circle you are in',
    'notify.circle.declined': '{actor} declined a swap circle you are in; it will not go ahead',
    'notify.circle.confirmed': 'Everyone accepted: your swap circle is confirmed',
    'notify.circle.cancelled': 'A swap circle you were in was cancelled',
    'notify.circle.expired': 'A swap circle you were in expired before everyone answered',
    'notify.circle.completed': 'Your swap circle is complete: rate the members you swapped with',
    'notify.round.open': 'The swap round {title} is open: add your want lists',
    'notify.round.closing-soon': 'The swap round {title} closes soon: check your want lists',
    'notify.round.closed': 'The swap round {title} is closed; results follow',
    'notify.round.results': 'The swap round {title} has its results: see what you swap',
    'notify.round.ended': 'The swap round {title} has ended',
    'notify.alert': 'New listing for your alert {search}: {title}',
    'notify.round.wantsImported':
      'The organiser of the swap round {title} set {count, plural, one {the want list of your entry} other {the want lists of # of your entries}} from an imported file',
  },
  'pt-BR': {
    'notify.quoted': '“{title}”',
    'notify.aListing': 'um anúncio',
    'notify.yourOffer': 'sua oferta',
    'notify.aMember': 'Um membro',
    'notify.noReason': 'sem motivo informado',
    'notify.offerReceived': '{actor} fez uma oferta no seu anúncio {title}',
    'notify.requestReceived': '{actor} pediu sua doação {title}',
    'notify.offerAccepted': '{actor} aceitou sua oferta em {title}',
    'notify.requestAccepted': '{actor} aceitou seu pedido de {title}',
    'notify.requestNotChosen':
      '{title} foi dado a outro membro desta vez. Obrigado por pedir, e boa sorte na próxima!',
    'notify.offerRejected': '{actor} recusou sua oferta em {title}',
    'notify.requestRejected': '{actor} recusou seu pedido de {title}',
    'notify.swapCompleted':
      '{actor} marcou sua troca de {title} como concluída. Você já pode avaliar.',
    'notify.giveawayCompleted':
      '{actor} marcou a doação de {title} como concluída. Você já pode avaliar.',
    'notify.offerCountered': '{actor} respondeu à sua oferta em {title} com uma contraoferta',
    'notify.offerWithdrawn': '{actor} retirou a oferta em {title}',
    'notify.requestWithdrawn': '{actor} retirou o pedido de {title}',
    'notify.swapCancelled': '{actor} cancelou sua troca aceita de {title}: {reason}',
    'notify.requestCancelled': '{actor} cancelou o pedido aceito de {title}: {reason}',
    'notify.message': '{actor} enviou uma mensagem sobre {title}',
    'notify.rating':
      '{actor} avaliou sua troca com {stars, plural, one {# estrela} other {# estrelas}}',
    'notify.ratingUnknown': '{actor} avaliou sua troca',
    'notify.listingRemoved': 'Um moderador removeu seu anúncio {title}. Motivo: {reason}',
    'notify.mutualMatch': 'Nova combinação mútua: alguém quer seu {title} e tem algo que você quer',
    'notify.circleMatch': 'Um novo círculo de troca inclui seu {title}',
    'notify.circle.proposed':
      '{actor} propôs um círculo de troca com você: veja quem dá o quê a quem',
    'notify.circle.accepted':
      '{actor} aceitou sua parte em um círculo de troca do qual você participa',
    'notify.circle.declined':
      '{actor} recusou um círculo de troca do qual você participa; ele não vai acontecer',
    'notify.circle.confirmed': 'Todos aceitaram: seu círculo de troca está confirmado',
    'notify.circle.cancelled': 'Um círculo de troca do qual você participava foi cancelado',
    'notify.circle.expired':
      'Um círculo de troca do qual você participava expirou antes de todos responderem',
    'notify.circle.completed':
      'Seu círculo de troca foi concluído: avalie os membros com quem você trocou',
    'notify.round.open': 'A rodada de troca {title} está aberta: adicione suas listas de desejos',
    'notify.round.closing-soon':
      'A rodada de troca {title} fecha em breve: confira suas listas de desejos',
    'notify.round.closed': 'A rodada de troca {title} fechou; os resultados vêm a seguir',
    'notify.round.results': 'A rodada de troca {title} tem resultados: veja o que você troca',
    'notify.round.ended': 'A rodada de troca {title} terminou',
    'notify.alert': 'Novo anúncio para seu alerta {search}: {title}',
    'notify.round.wantsImported':
      'A organização da rodada de troca {title} definiu {count, plural, one {a lista de desejos da sua inscrição} other {as listas de desejos de # das suas inscrições}} a partir de um arquivo importado',
  },
  de: {
    'notify.quoted': '„{title}“',
    'notify.aListing': 'eine Anzeige',
    'notify.yourOffer': 'dein Angebot',
    'notify.aMember': 'Ein Mitglied',
    'notify.noReason': 'kein Grund angegeben',
    'notify.offerReceived': '{actor} hat ein Angebot für deine Anzeige {title} gemacht',
    'notify.requestReceived': '{actor} möchte dein Verschenk-Angebot {title}',
    'notify.offerAccepted': '{actor} hat dein Angebot für {title} angenommen',
    'notify.requestAccepted': '{actor} hat deine Anfrage für {title} angenommen',
    'notify.requestNotChosen':
      '{title} ging diesmal an ein anderes Mitglied. Danke für deine Anfrage und viel Glück beim nächsten Mal!',
    'notify.offerRejected': '{actor} hat dein Angebot für {title} abgelehnt',
    'notify.requestRejected': '{actor} hat deine Anfrage für {title} abgelehnt',
    'notify.swapCompleted':
      '{actor} hat euren Tausch von {title} als abgeschlossen markiert. Du kannst jetzt bewerten.',
    'notify.giveawayCompleted':
      '{actor} hat das Verschenken von {title} als abgeschlossen markiert. Du kannst jetzt bewerten.',
    'notify.offerCountered':
      '{actor} hat auf dein Angebot für {title} mit einem Gegenangebot geantwortet',
    'notify.offerWithdrawn': '{actor} hat das Angebot für {title} zurückgezogen',
    'notify.requestWithdrawn': '{actor} hat die Anfrage für {title} zurückgezogen',
    'notify.swapCancelled': '{actor} hat euren angenommenen Tausch von {title} abgesagt: {reason}',
    'notify.requestCancelled': '{actor} hat die angenommene Anfrage für {title} abgesagt: {reason}',
    'notify.message': '{actor} hat dir eine Nachricht zu {title} geschickt',
    'notify.rating':
      '{actor} hat euren Tausch mit {stars, plural, one {# Stern} other {# Sternen}} bewertet',
    'notify.ratingUnknown': '{actor} hat euren Tausch bewertet',
    'notify.listingRemoved': 'Ein Moderator hat deine Anzeige {title} entfernt. Grund: {reason}',
    'notify.mutualMatch':
      'Neuer gegenseitiger Treffer: Jemand möchte {title} und hat etwas, das du möchtest',
    'notify.circleMatch': 'Ein neuer Tauschring enthält {title}',
    'notify.circle.proposed':
      '{actor} hat dir einen Tauschring vorgeschlagen: Sieh dir an, wer wem was gibt',
    'notify.circle.accepted': '{actor} hat seinen Teil in einem deiner Tauschringe angenommen',
    'notify.circle.declined':
      '{actor} hat einen deiner Tauschringe abgelehnt; er findet nicht statt',
    'notify.circle.confirmed': 'Alle haben angenommen: Dein Tauschring steht',
    'notify.circle.cancelled': 'Ein Tauschring, in dem du warst, wurde abgesagt',
    'notify.circle.expired':
      'Ein Tauschring, in dem du warst, ist abgelaufen, bevor alle geantwortet haben',
    'notify.circle.completed':
      'Dein Tauschring ist abgeschlossen: Bewerte die Mitglieder, mit denen du getauscht hast',
    'notify.round.open': 'Die Tauschrunde {title} ist offen: Füge deine Wunschlisten hinzu',
    'notify.round.closing-soon': 'Die Tauschrunde {title} endet bald: Prüfe deine Wunschlisten',
    'notify.round.closed': 'Die Tauschrunde {title} ist geschlossen; die Ergebnisse folgen',
    'notify.round.results': 'Die Tauschrunde {title} hat Ergebnisse: Sieh nach, was du tauschst',
    'notify.round.ended': 'Die Tauschrunde {title} ist beendet',
    'notify.alert': 'Neue Anzeige für deinen Suchauftrag {search}: {title}',
    'notify.round.wantsImported':
      'Die Organisation der Tauschrunde {title} hat {count, plural, one {die Wunschliste deines Eintrags} other {die Wunschlisten von # deiner Einträge}} aus einer importierten Datei gesetzt',
  },
  ar: {
    'notify.quoted': '«{title}»',
    'notify.aListing': 'إعلانًا',
    'notify.yourOffer': 'عرضك',
    'notify.aMember': 'أحد الأعضاء',
    'notify.noReason': 'دون ذكر سبب',
    'notify.offerReceived': 'قدّم {actor} عرضًا على إعلانك {title}',
    'notify.requestReceived': 'طلب {actor} هديتك {title}',
    'notify.offerAccepted': 'قبل {actor} عرضك على {title}',
    'notify.requestAccepted': 'قبل {actor} طلبك لـ {title}',
    'notify.requestNotChosen':
      'أُعطي {title} لعضو آخر هذه المرة. شكرًا على طلبك، ونتمنى لك حظًا أوفر في المرة القادمة!',
    'notify.offerRejected': 'رفض {actor} عرضك على {title}',
    'notify.requestRejected': 'رفض {actor} طلبك لـ {title}',
    'notify.swapCompleted': 'حدّد {actor} مبادلتك لـ {title} كمكتملة. يمكنك تقييمه الآن.',
    'notify.giveawayCompleted': 'حدّد {actor} إهداء {title} كمكتمل. يمكنك تقييمه الآن.',
    'notify.offerCountered': 'ردّ {actor} على عرضك على {title} بعرض مضاد',
    'notify.offerWithdrawn': 'سحب {actor} عرضه على {title}',
    'notify.requestWithdrawn': 'سحب {actor} طلبه لـ {title}',
    'notify.swapCancelled': 'ألغى {actor} مبادلتك المقبولة لـ {title}: {reason}',
    'notify.requestCancelled': 'ألغى {actor} الطلب المقبول لـ {title}: {reason}',
    'notify.message': 'أرسل إليك {actor} رسالة عن {title}',
    'notify.rating':
      'قيّم {actor} مبادلتك بـ {stars, plural, zero {لا نجوم} one {نجمة واحدة} two {نجمتين} few {# نجوم} many {# نجمة} other {# نجمة}}',
    'notify.ratingUnknown': 'قيّم {actor} مبادلتك',
    'notify.listingRemoved': 'أزال أحد المشرفين إعلانك {title}. السبب: {reason}',
    'notify.mutualMatch': 'تطابق متبادل جديد: أحدهم يريد {title} ولديه شيء تريده',
    'notify.circleMatch': 'دائرة مبادلة جديدة تتضمن {title}',
    'notify.circle.proposed': 'اقترح {actor} دائرة مبادلة معك: اطّلع على من يعطي ماذا لمن',
    'notify.circle.accepted': 'قبل {actor} دوره في دائرة مبادلة أنت فيها',
    'notify.circle.declined': 'رفض {actor} دائرة مبادلة أنت فيها؛ لن تتم',
    'notify.circle.confirmed': 'وافق الجميع: تأكدت دائرة المبادلة الخاصة بك',
    'notify.circle.cancelled': 'أُلغيت دائرة مبادلة كنت فيها',
    'notify.circle.expired': 'انتهت مهلة دائرة مبادلة كنت فيها قبل أن يرد الجميع',
    'notify.circle.completed': 'اكتملت دائرة المبادلة الخاصة بك: قيّم الأعضاء الذين بادلتهم',
    'notify.round.open': 'جولة المبادلة {title} مفتوحة: أضف قوائم طلباتك',
    'notify.round.closing-soon': 'جولة المبادلة {title} تُغلق قريبًا: راجع قوائم طلباتك',
    'notify.round.closed': 'أُغلقت جولة المبادلة {title}؛ النتائج قادمة',
    'notify.round.results': 'صدرت نتائج جولة المبادلة {title}: اطّلع على ما ستبادله',
    'notify.round.ended': 'انتهت جولة المبادلة {title}',
    'notify.alert': 'إعلان جديد لتنبيهك {search}: {title}',
    'notify.round.wantsImported':
      'حدّد منظّم جولة المبادلة {title} {count, plural, one {قائمة طلبات مشاركتك} two {قائمتي طلبات مشاركتَيك} other {قوائم طلبات # من مشاركاتك}} من ملف مستورد',
  },
});
