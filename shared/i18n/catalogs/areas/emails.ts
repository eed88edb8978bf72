import { defineArea } from '../area.js';

/**
 * The emails the server sends (server/features/auth/auth.emails.ts, notification-emails.ts):
 * server-only (`email.`), so the browser never loads them. A topic's name comes twice: as the
 * settings list it (`email.topic.*`) and inside a sentence (`email.topicInSentence.*`), since
 * only some languages may lower-case a name.
 */
export const emails = defineArea({
  en: {
    'email.verify.subject': 'Confirm your email address for {siteName}',
    'email.verify.intro':
      'Welcome to {siteName}! Please confirm that this is your email address so other members can see you are verified.',
    'email.verify.action': 'Confirm your email address',
    'email.verify.outro':
      'The link works for 7 days. If you did not create an account, you can ignore this email.',
    'email.reset.subject': 'Reset your {siteName} password',
    'email.reset.intro': 'Someone asked to reset the password of your {siteName} account.',
    'email.reset.action': 'Choose a new password',
    'email.reset.outro':
      'The link works once, for 1 hour. If it was not you, ignore this email: your password stays as it is.',
    'email.seeIt': 'See it on {siteName}',
    'email.settings': 'Choose what we email you',
    'email.instantReason':
      'You get this email because your {siteName} settings send "{topic}" straight away.',
    'email.stopTopic': 'Stop emails about {topic}',
    'email.digestReason':
      'You get this digest because your {siteName} settings send some updates once a day.',
    'email.digestStop': 'Stop the daily digest',
    'email.digestSubject':
      'Your {siteName} digest: {count, plural, one {# update} other {# updates}}',
    'email.digestIntro': 'Here is what happened on {siteName} since your last digest:',
    'email.digestAll': 'All your notifications',
    'email.digestMore': '…and {count} more',
    'email.topic.offers': 'New offers and counter-offers',
    'email.topic.offer-updates': 'Answers to your offers and finished swaps',
    'email.topic.messages': 'Messages',
    'email.topic.ratings': 'Ratings you receive',
    'email.topic.alerts': 'Want alerts (saved searches)',
    'email.topic.matches': 'New mutual matches and swap circles',
    'email.topic.circles': 'Decisions in your swap circles',
    'email.topic.rounds': 'Swap rounds you take part in',
    'email.topic.moderation':
      'Moderation of your account and listings, and problems reported after swaps',
    'email.topicInSentence.offers': 'new offers and counter-offers',
    'email.topicInSentence.offer-updates': 'answers to your offers and finished swaps',
    'email.topicInSentence.messages': 'messages',
    'email.topicInSentence.ratings': 'ratings you receive',
    'email.topicInSentence.alerts': 'want alerts (saved searches)',
    'email.topicInSentence.matches': 'new mutual matches and swap circles',
    'email.topicInSentence.circles': 'decisions in your swap circles',
    'email.topicInSentence.rounds': 'swap rounds you take part in',
    'email.topicInSentence.moderation':
      'moderation of your account and listings, and problems reported after swaps',
  },
  'pt-BR': {
    'email.verify.subject': 'Confirme seu endereço de e-mail no {siteName}',
    'email.verify.intro':
      'Boas-vindas ao {siteName}! Confirme que este é o seu endereço de e-mail para que outros membros vejam que você foi verificado.',
    'email.verify.action': 'Confirmar endereço de e-mail',
    'email.verify.outro':
      'O link vale por 7 dias. Se você não criou uma conta, pode ignorar este e-mail.',
    'email.reset.subject': 'Redefina sua senha do {siteName}',
    'email.reset.intro': 'Alguém pediu para redefinir a senha da sua conta no {siteName}.',
    'email.reset.action': 'Escolher uma nova senha',
    'email.reset.outro':
      'O link funciona uma vez, por 1 hora. Se não foi você, ignore este e-mail: sua senha continua a mesma.',
    'email.seeIt': 'Ver no {siteName}',
    'email.settings': 'Escolha o que enviamos por e-mail',
    'email.instantReason':
      'Você recebe este e-mail porque suas configurações no {siteName} enviam "{topic}" na hora.',
    'email.stopTopic': 'Parar e-mails sobre {topic}',
    'email.digestReason':
      'Você recebe este resumo porque suas configurações no {siteName} enviam algumas novidades uma vez por dia.',
    'email.digestStop': 'Parar o resumo diário',
    'email.digestSubject':
      'Seu resumo do {siteName}: {count, plural, one {# novidade} other {# novidades}}',
    'email.digestIntro': 'Veja o que aconteceu no {siteName} desde o seu último resumo:',
    'email.digestAll': 'Todas as suas notificações',
    'email.digestMore': '…e mais {count}',
    'email.topic.offers': 'Novas ofertas e contraofertas',
    'email.topic.offer-updates': 'Respostas às suas ofertas e trocas concluídas',
    'email.topic.messages': 'Mensagens',
    'email.topic.ratings': 'Avaliações que você recebe',
    'email.topic.alerts': 'Alertas de desejos (buscas salvas)',
    'email.topic.matches': 'Novas combinações mútuas e círculos de troca',
    'email.topic.circles': 'Decisões nos seus círculos de troca',
    'email.topic.rounds': 'Rodadas de troca de que você participa',
    'email.topic.moderation':
      'Moderação da sua conta e dos seus anúncios, e problemas relatados após trocas',
    'email.topicInSentence.offers': 'novas ofertas e contraofertas',
    'email.topicInSentence.offer-updates': 'respostas às suas ofertas e trocas concluídas',
    'email.topicInSentence.messages': 'mensagens',
    'email.topicInSentence.ratings': 'avaliações que você recebe',
    'email.topicInSentence.alerts': 'alertas de desejos (buscas salvas)',
    'email.topicInSentence.matches': 'novas combinações mútuas e círculos de troca',
    'email.topicInSentence.circles': 'decisões nos seus círculos de troca',
    'email.topicInSentence.rounds': 'rodadas de troca de que você participa',
    'email.topicInSentence.moderation':
      'moderação da sua conta e dos seus anúncios, e problemas relatados após trocas',
  },
  de: {
    'email.verify.subject': 'Bestätige deine E-Mail-Adresse für {siteName}',
    'email.verify.intro':
      'Willkommen bei {siteName}! Bitte bestätige, dass das deine E-Mail-Adresse ist, damit andere Mitglieder sehen, dass du verifiziert bist.',
    'email.verify.action': 'E-Mail-Adresse bestätigen',
    'email.verify.outro':
      'Der Link gilt 7 Tage. Wenn du kein Konto angelegt hast, kannst du diese E-Mail ignorieren.',
    'email.reset.subject': 'Setze dein Passwort für {siteName} zurück',
    'email.reset.intro': 'Jemand möchte das Passwort deines Kontos bei {siteName} zurücksetzen.',
    'email.reset.action': 'Neues Passwort wählen',
    'email.reset.outro':
      'Der Link funktioniert einmal, eine Stunde lang. Wenn du das nicht warst, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
    'email.seeIt': 'Auf {siteName} ansehen',
    'email.settings': 'Wähle, was wir dir per E-Mail schicken',
    'email.instantReason':
      'Du bekommst diese E-Mail, weil deine Einstellungen bei {siteName} „{topic}“ sofort senden.',
    'email.stopTopic': 'Keine E-Mails mehr zu {topic}',
    'email.digestReason':
      'Du bekommst diese Zusammenfassung, weil deine Einstellungen bei {siteName} manche Neuigkeiten einmal am Tag senden.',
    'email.digestStop': 'Tägliche Zusammenfassung abbestellen',
    'email.digestSubject':
      'Deine Zusammenfassung von {siteName}: {count, plural, one {# Neuigkeit} other {# Neuigkeiten}}',
    'email.digestIntro': 'Das ist seit deiner letzten Zusammenfassung auf {siteName} passiert:',
    'email.digestAll': 'Alle deine Benachrichtigungen',
    'email.digestMore': '…und {count} weitere',
    'email.topic.offers': 'Neue Angebote und Gegenangebote',
    'email.topic.offer-updates': 'Antworten auf deine Angebote und abgeschlossene Tausche',
    'email.topic.messages': 'Nachrichten',
    'email.topic.ratings': 'Bewertungen, die du bekommst',
    'email.topic.alerts': 'Suchaufträge (gespeicherte Suchen)',
    'email.topic.matches': 'Neue gegenseitige Treffer und Tauschringe',
    'email.topic.circles': 'Entscheidungen in deinen Tauschringen',
    'email.topic.rounds': 'Tauschrunden, an denen du teilnimmst',
    'email.topic.moderation':
      'Moderation deines Kontos und deiner Anzeigen sowie nach Tauschen gemeldete Probleme',
    'email.topicInSentence.offers': 'neuen Angeboten und Gegenangeboten',
    'email.topicInSentence.offer-updates':
      'Antworten auf deine Angebote und abgeschlossenen Tauschen',
    'email.topicInSentence.messages': 'Nachrichten',
    'email.topicInSentence.ratings': 'Bewertungen, die du bekommst',
    'email.topicInSentence.alerts': 'Suchaufträgen (gespeicherten Suchen)',
    'email.topicInSentence.matches': 'neuen gegenseitigen Treffern und Tauschringen',
    'email.topicInSentence.circles': 'Entscheidungen in deinen Tauschringen',
    'email.topicInSentence.rounds': 'Tauschrunden, an denen du teilnimmst',
    'email.topicInSentence.moderation':
      'der Moderation deines Kontos und deiner Anzeigen sowie nach Tauschen gemeldeten Problemen',
  },
  ar: {
    'email.verify.subject': 'أكّد عنوان بريدك الإلكتروني في {siteName}',
    'email.verify.intro':
      'مرحبًا بك في {siteName}! يُرجى تأكيد أن هذا عنوان بريدك الإلكتروني ليرى الأعضاء الآخرون أنك موثَّق.',
    'email.verify.action': 'تأكيد عنوان البريد الإلكتروني',
    'email.verify.outro': 'يعمل الرابط لمدة 7 أيام. إذا لم تُنشئ حسابًا، فيمكنك تجاهل هذه الرسالة.',
    'email.reset.subject': 'أعد تعيين كلمة مرورك في {siteName}',
    'email.reset.intro': 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في {siteName}.',
    'email.reset.action': 'اختر كلمة مرور جديدة',
    'email.reset.outro':
      'يعمل الرابط مرة واحدة لمدة ساعة. إذا لم تكن أنت من طلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    'email.seeIt': 'شاهده على {siteName}',
    'email.settings': 'اختر ما نرسله إليك بالبريد',
    'email.instantReason': 'تصلك هذه الرسالة لأن إعداداتك في {siteName} ترسل «{topic}» فورًا.',
    'email.stopTopic': 'أوقف الرسائل عن {topic}',
    'email.digestReason':
      'يصلك هذا الملخص لأن إعداداتك في {siteName} ترسل بعض التحديثات مرة في اليوم.',
    'email.digestStop': 'أوقف الملخص اليومي',
    'email.digestSubject':
      'ملخصك من {siteName}: {count, plural, zero {لا تحديثات} one {تحديث واحد} two {تحديثان} few {# تحديثات} many {# تحديثًا} other {# تحديث}}',
    'email.digestIntro': 'إليك ما حدث في {siteName} منذ ملخصك الأخير:',
    'email.digestAll': 'كل إشعاراتك',
    'email.digestMore': '…و{count} أخرى',
    'email.topic.offers': 'العروض والعروض المضادة الجديدة',
    'email.topic.offer-updates': 'الردود على عروضك والمبادلات المكتملة',
    'email.topic.messages': 'الرسائل',
    'email.topic.ratings': 'التقييمات التي تتلقاها',
    'email.topic.alerts': 'تنبيهات الطلبات (عمليات البحث المحفوظة)',
    'email.topic.matches': 'التطابقات المتبادلة ودوائر المبادلة الجديدة',
    'email.topic.circles': 'القرارات في دوائر المبادلة الخاصة بك',
    'email.topic.rounds': 'جولات المبادلة التي تشارك فيها',
    'email.topic.moderation': 'الإشراف على حسابك وإعلاناتك، والمشكلات المُبلغ عنها بعد المبادلات',
    'email.topicInSentence.offers': 'العروض والعروض المضادة الجديدة',
    'email.topicInSentence.offer-updates': 'الردود على عروضك والمبادلات المكتملة',
    'email.topicInSentence.messages': 'الرسائل',
    'email.topicInSentence.ratings': 'التقييمات التي تتلقاها',
    'email.topicInSentence.alerts': 'تنبيهات الطلبات (عمليات البحث المحفوظة)',
    'email.topicInSentence.matches': 'التطابقات المتبادلة ودوائر المبادلة الجديدة',
    'email.topicInSentence.circles': 'القرارات في دوائر المبادلة الخاصة بك',
    'email.topicInSentence.rounds': 'جولات المبادلة التي تشارك فيها',
    'email.topicInSentence.moderation':
      'الإشراف على حسابك وإعلاناتك، والمشكلات المُبلغ عنها بعد المبادلات',
  },
});
