import { defineArea } from '../area.js';

/**
 * Matches (client/app/pages/matches-page.tsx) and its cards (client/features/matching/components:
 * match-cards, bundle-card).
 */
export const matches = defineArea({
  en: {
    'matches.signInTitle': 'Sign in to see your matches',
    'matches.signInText':
      "Matches are swaps waiting to happen between your listings and other members'.",
    'matches.title': 'Your Matches',
    'matches.lead':
      'Swaps waiting to happen: members who want what you have, and have what you want.',
    'matches.none': 'No matches yet',
    'matches.noneText':
      'Matches come from what you would take for your listings. Three ways to say it:',
    'matches.how.open':
      'Open one of {link} and name what you would take for it under “What would you take for this?”.',
    'matches.how.openLink': 'your listings',
    'matches.how.press': "On anyone’s listing you like, press “I'd swap for this”.",
    'matches.how.write':
      'Or write what you want, separated by commas (“telescope, binoculars”), in a listing’s wanted items: matching listings are found for you as they appear.',
    'matches.mutual': 'Mutual',
    'matches.mutual.lead': 'You want theirs and they want yours: make an offer.',
    'matches.mutual.empty':
      'No mutual match yet. The more listings you name, the more likely one wants yours back.',
    'matches.circles': 'Circles',
    'matches.circles.lead': 'Three members, each giving one thing and getting one they want.',
    'matches.circles.empty':
      'No circle yet. Circles appear when someone who has what you want wants something a third member would trade for yours.',
    'matches.bundles': 'Several from one member',
    'matches.bundles.lead':
      'Members with more than one listing you want: ask for them in one offer.',
    'matches.wanted': 'You want',
    'matches.wanted.lead': 'Listed now, and on your wants.',
    'matches.wanted.empty': 'Nothing you want is listed right now.',
    'matches.live': 'New matches appear here as members list and change their wants.',
    'matches.give': 'You give',
    'matches.get': 'You get',
    'matches.yourListing': 'Your listing',
    'matches.from': 'from {name}',
    'matches.mutualTitle': 'You and {name} want each other’s listings',
    'matches.makeOffer': 'Make an offer',
    'matches.namedFree': 'You named this listing, and it is free',
    'matches.foundFree': 'Free, and matches what you’re looking for',
    'matches.givenBy': 'Given away by {name}',
    'matches.seeGiveaway': 'See the give-away',
    'matches.named': 'You named this listing',
    'matches.found': 'Matches what you’re looking for',
    'matches.leg':
      '{giver, select, you {{receiver, select, you {You give it to you} other {You give it to {to}}}} other {{receiver, select, you {{from} gives it to you} other {{from} gives it to {to}}}}}',
    'matches.circle':
      '{others, plural, =1 {A circle of {size} with {a}} =2 {A circle of {size} with {a} and {b}} other {A circle of {size} with {a} and {b} and {c}}}',
    'matches.bundle': '{count} of {owner}’s listings you want',
    'matches.bundleFor':
      '{count, plural, one {For your listing {titles}} other {For your listings {titles}}}',
    'matches.bundleOffer':
      '{all, select, true {Make an offer for these {count}} other {Make an offer for the first {count}}}',
  },
  'pt-BR': {
    'matches.signInTitle': 'Entre para ver suas combinações',
    'matches.signInText':
      'Combinações são trocas prestes a acontecer entre seus anúncios e os de outros membros.',
    'matches.title': 'Suas combinações',
    'matches.lead':
      'Trocas prestes a acontecer: membros que querem o que você tem e têm o que você quer.',
    'matches.none': 'Nenhuma combinação ainda',
    'matches.noneText':
      'As combinações vêm do que você aceitaria pelos seus anúncios. Três jeitos de dizer isso:',
    'matches.how.open':
      'Abra um dos {link} e diga o que você aceitaria por ele em “O que você aceitaria por isto?”.',
    'matches.how.openLink': 'seus anúncios',
    'matches.how.press':
      'No anúncio de qualquer pessoa de que você goste, toque em “Eu trocaria por isto”.',
    'matches.how.write':
      'Ou escreva o que você quer, separado por vírgulas (“telescópio, binóculos”), nos itens desejados de um anúncio: anúncios que combinam são encontrados para você assim que aparecem.',
    'matches.mutual': 'Mútuas',
    'matches.mutual.lead': 'Você quer o deles e eles querem o seu: faça uma oferta.',
    'matches.mutual.empty':
      'Nenhuma combinação mútua ainda. Quanto mais anúncios você citar, maior a chance de alguém querer o seu.',
    'matches.circles': 'Círculos',
    'matches.circles.lead': 'Três membros, cada um dando uma coisa e recebendo outra que quer.',
    'matches.circles.empty':
      'Nenhum círculo ainda. Círculos aparecem quando alguém que tem o que você quer deseja algo que um terceiro membro trocaria pelo seu.',
    'matches.bundles': 'Vários de um só membro',
    'matches.bundles.lead':
      'Membros com mais de um anúncio que você quer: peça todos em uma só oferta.',
    'matches.wanted': 'Você quer',
    'matches.wanted.lead': 'Anunciados agora e na sua lista de desejos.',
    'matches.wanted.empty': 'Nada do que você quer está anunciado agora.',
    'matches.live':
      'Novas combinações aparecem aqui conforme membros anunciam e mudam seus desejos.',
    'matches.give': 'Você dá',
    'matches.get': 'Você recebe',
    'matches.yourListing': 'Seu anúncio',
    'matches.from': 'de {name}',
    'matches.mutualTitle': 'Você e {name} querem os anúncios um do outro',
    'matches.makeOffer': 'Fazer uma oferta',
    'matches.namedFree': 'Você citou este anúncio, e ele é grátis',
    'matches.foundFree': 'Grátis, e combina com o que você procura',
    'matches.givenBy': 'Doado por {name}',
    'matches.seeGiveaway': 'Ver a doação',
    'matches.named': 'Você citou este anúncio',
    'matches.found': 'Combina com o que você procura',
    'matches.leg':
      '{giver, select, you {{receiver, select, you {Você dá para você} other {Você dá para {to}}}} other {{receiver, select, you {{from} dá para você} other {{from} dá para {to}}}}}',
    'matches.circle':
      '{others, plural, =1 {Um círculo de {size} com {a}} =2 {Um círculo de {size} com {a} e {b}} other {Um círculo de {size} com {a}, {b} e {c}}}',
    'matches.bundle': '{count} anúncios de {owner} que você quer',
    'matches.bundleFor':
      '{count, plural, one {Pelo seu anúncio {titles}} other {Pelos seus anúncios {titles}}}',
    'matches.bundleOffer':
      '{all, select, true {Fazer uma oferta por estes {count}} other {Fazer uma oferta pelos primeiros {count}}}',
  },
  de: {
    'matches.signInTitle': 'Melde dich an, um deine Treffer zu sehen',
    'matches.signInText':
      'Treffer sind Tausche, die nur darauf warten, zwischen deinen Anzeigen und denen anderer Mitglieder zu passieren.',
    'matches.title': 'Deine Treffer',
    'matches.lead':
      'Tausche, die darauf warten zu passieren: Mitglieder, die wollen, was du hast, und haben, was du willst.',
    'matches.none': 'Noch keine Treffer',
    'matches.noneText':
      'Treffer entstehen aus dem, was du für deine Anzeigen nehmen würdest. Drei Wege, das zu sagen:',
    'matches.how.open':
      'Öffne eine {link} und nenne unter „Was würdest du dafür nehmen?“, was du dafür nehmen würdest.',
    'matches.how.openLink': 'deiner Anzeigen',
    'matches.how.press':
      'Tippe bei einer Anzeige, die dir gefällt, auf „Dafür würde ich tauschen“.',
    'matches.how.write':
      'Oder schreib, was du suchst, durch Kommas getrennt („Teleskop, Fernglas“), in die gesuchten Artikel einer Anzeige: Passende Anzeigen werden für dich gefunden, sobald sie erscheinen.',
    'matches.mutual': 'Gegenseitig',
    'matches.mutual.lead': 'Du willst ihres und sie wollen deins: Mach ein Angebot.',
    'matches.mutual.empty':
      'Noch kein gegenseitiger Treffer. Je mehr Anzeigen du nennst, desto eher will jemand deine.',
    'matches.circles': 'Ringe',
    'matches.circles.lead': 'Drei Mitglieder, jedes gibt etwas und bekommt etwas, das es will.',
    'matches.circles.empty':
      'Noch kein Ring. Ringe entstehen, wenn jemand, der hat, was du willst, etwas will, das ein drittes Mitglied gegen deins tauschen würde.',
    'matches.bundles': 'Mehrere von einem Mitglied',
    'matches.bundles.lead':
      'Mitglieder mit mehr als einer Anzeige, die du willst: Frag in einem Angebot nach allen.',
    'matches.wanted': 'Du suchst',
    'matches.wanted.lead': 'Jetzt angeboten und auf deiner Wunschliste.',
    'matches.wanted.empty': 'Nichts, was du suchst, ist gerade angeboten.',
    'matches.live':
      'Neue Treffer erscheinen hier, sobald Mitglieder etwas einstellen und ihre Wünsche ändern.',
    'matches.give': 'Du gibst',
    'matches.get': 'Du bekommst',
    'matches.yourListing': 'Deine Anzeige',
    'matches.from': 'von {name}',
    'matches.mutualTitle': 'Du und {name} wollt die Anzeigen des anderen',
    'matches.makeOffer': 'Angebot machen',
    'matches.namedFree': 'Du hast diese Anzeige genannt, und sie ist kostenlos',
    'matches.foundFree': 'Kostenlos und passend zu deiner Suche',
    'matches.givenBy': 'Verschenkt von {name}',
    'matches.seeGiveaway': 'Geschenk ansehen',
    'matches.named': 'Du hast diese Anzeige genannt',
    'matches.found': 'Passt zu deiner Suche',
    'matches.leg':
      '{giver, select, you {{receiver, select, you {Du gibst es dir} other {Du gibst es {to}}}} other {{receiver, select, you {{from} gibt es dir} other {{from} gibt es {to}}}}}',
    'matches.circle':
      '{others, plural, =1 {Ein Ring aus {size} mit {a}} =2 {Ein Ring aus {size} mit {a} und {b}} other {Ein Ring aus {size} mit {a}, {b} und {c}}}',
    'matches.bundle': '{count} Anzeigen von {owner}, die du willst',
    'matches.bundleFor':
      '{count, plural, one {Für deine Anzeige {titles}} other {Für deine Anzeigen {titles}}}',
    'matches.bundleOffer':
      '{all, select, true {Angebot für diese {count} machen} other {Angebot für die ersten {count} machen}}',
  },
  ar: {
    'matches.signInTitle': 'سجّل الدخول لترى تطابقاتك',
    'matches.signInText': 'التطابقات مبادلات تنتظر أن تتم بين إعلاناتك وإعلانات الأعضاء الآخرين.',
    'matches.title': 'تطابقاتك',
    'matches.lead': 'مبادلات تنتظر أن تتم: أعضاء يريدون ما لديك، ولديهم ما تريد.',
    'matches.none': 'لا تطابقات بعد',
    'matches.noneText': 'تأتي التطابقات مما تقبله مقابل إعلاناتك. ثلاث طرق لقول ذلك:',
    'matches.how.open': 'افتح أحد {link} واذكر ما تقبله مقابله تحت «ماذا تقبل مقابل هذا؟».',
    'matches.how.openLink': 'إعلاناتك',
    'matches.how.press': 'في أي إعلان يعجبك، اضغط «أبادل مقابل هذا».',
    'matches.how.write':
      'أو اكتب ما تريده مفصولًا بفواصل («تلسكوب، منظار») في الأغراض المطلوبة لإعلان: نجد لك الإعلانات المطابقة فور ظهورها.',
    'matches.mutual': 'متبادلة',
    'matches.mutual.lead': 'تريد ما لديهم ويريدون ما لديك: قدّم عرضًا.',
    'matches.mutual.empty':
      'لا تطابق متبادل بعد. كلما ذكرت إعلانات أكثر، زادت فرصة أن يريد أحدها إعلانك.',
    'matches.circles': 'الدوائر',
    'matches.circles.lead': 'ثلاثة أعضاء، يعطي كل منهم شيئًا ويأخذ شيئًا يريده.',
    'matches.circles.empty':
      'لا دوائر بعد. تظهر الدوائر عندما يريد من لديه ما تريده شيئًا يبادله عضو ثالث مقابل ما لديك.',
    'matches.bundles': 'عدة إعلانات من عضو واحد',
    'matches.bundles.lead': 'أعضاء لديهم أكثر من إعلان تريده: اطلبها في عرض واحد.',
    'matches.wanted': 'تريد',
    'matches.wanted.lead': 'معروضة الآن، وفي قائمة رغباتك.',
    'matches.wanted.empty': 'لا شيء مما تريده معروض الآن.',
    'matches.live': 'تظهر هنا تطابقات جديدة كلما نشر الأعضاء إعلانات وغيّروا رغباتهم.',
    'matches.give': 'تعطي',
    'matches.get': 'تأخذ',
    'matches.yourListing': 'إعلانك',
    'matches.from': 'من {name}',
    'matches.mutualTitle': 'أنت و{name} يريد كل منكما إعلانات الآخر',
    'matches.makeOffer': 'قدّم عرضًا',
    'matches.namedFree': 'ذكرت هذا الإعلان، وهو مجاني',
    'matches.foundFree': 'مجاني ويطابق ما تبحث عنه',
    'matches.givenBy': 'يهديه {name}',
    'matches.seeGiveaway': 'عرض الهدية',
    'matches.named': 'ذكرت هذا الإعلان',
    'matches.found': 'يطابق ما تبحث عنه',
    'matches.leg':
      '{giver, select, you {{receiver, select, you {تعطيه لنفسك} other {تعطيه لـ{to}}}} other {{receiver, select, you {يعطيه {from} لك} other {يعطيه {from} لـ{to}}}}}',
    'matches.circle':
      '{others, plural, =1 {دائرة من {size} مع {a}} =2 {دائرة من {size} مع {a} و{b}} other {دائرة من {size} مع {a} و{b} و{c}}}',
    'matches.bundle': '{count} من إعلانات {owner} تريدها',
    'matches.bundleFor':
      '{count, plural, one {مقابل إعلانك {titles}} other {مقابل إعلاناتك {titles}}}',
    'matches.bundleOffer':
      '{all, select, true {قدّم عرضًا لهذه الـ{count}} other {قدّم عرضًا لأول {count}}}',
  },
});
