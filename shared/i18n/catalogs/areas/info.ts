import { defineArea } from '../area.js';

/**
 * The site's information pages (client/app/pages/static-pages.tsx): how it works, the help
 * centre, contact, the disclaimer and the terms.
 */
export const info = defineArea({
  en: {
    'info.how.title': 'How It Works',
    'info.how.lead': 'Four steps from clutter to something you actually want.',
    'info.how.list.title': 'List your item',
    'info.how.list.text':
      'Add photos, a description and its condition, and say what you would like in return — or that you are open to offers. Members pay a one-time £0.99 verification fee to reduce fake accounts.',
    'info.how.find.title': 'Find something you want',
    'info.how.find.text':
      'Search or browse by category. Save items to your wishlist with the heart.',
    'info.how.offer.title': 'Make an offer',
    'info.how.offer.text':
      'Send the owner a message with what you can offer, and a photo if it helps. Chat until you agree.',
    'info.how.meet.title': 'Meet and swap',
    'info.how.meet.text':
      'Meet somewhere public, inspect the items, swap, then mark the swap completed and rate each other.',
    'info.how.startBrowsing': 'Start browsing',
    'info.how.listItem': 'List an item',
    'info.help.title': 'Help Centre',
    'info.help.lead': 'Answers to the questions members ask most.',
    'info.help.start.title': 'Getting started',
    'info.help.start.text':
      'Create an account, confirm your email address to get the ✓ Verified badge, and fill in your profile.',
    'info.help.listing.title': 'Listing items',
    'info.help.listing.text':
      'Up to 5 photos per item. Everything is now free: no membership fees, no tokens, unlimited listings, messages and offers.',
    'info.help.swaps.title': 'Making swaps',
    'info.help.swaps.text':
      'Offers arrive under My Offers. Accept or decline, chat, mark the swap completed, then rate each other.',
    'info.help.safety.title': 'Safety and trust',
    'info.help.safety.text':
      'Meet in public, bring a friend for valuable items, inspect items first and never share banking details.',
    'info.help.stuck': 'Still stuck? We are happy to help.',
    'info.help.contact': 'Contact us',
    'info.contact.title': 'Contact Us',
    'info.contact.lead': 'The quickest way to reach the {siteName} team is our social page.',
    'info.contact.text':
      'Send us a message there about anything: a question, a problem with a swap, or an idea.',
    'info.contact.visit': 'Visit our social page',
    'info.contact.newTab': '(opens in a new tab)',
    'info.disclaimer.title': 'Disclaimer',
    'info.disclaimer.intro':
      '{siteName} is a place where members arrange swaps with each other. We are not a party to any swap and do not inspect, own, store or deliver the items listed.',
    'info.disclaimer.age': 'Age',
    'info.disclaimer.ageText': 'You must be at least 18 years old to use {siteName}.',
    'info.disclaimer.items': 'Items and descriptions',
    'info.disclaimer.itemsText':
      'Members describe their own items. We cannot guarantee that an item exists, is as described, is safe or is legal to own. Inspect every item before you swap.',
    'info.disclaimer.meeting': 'Meeting other members',
    'info.disclaimer.meetingText':
      'Meet in public places, bring a friend for valuable items and never share banking details. You meet other members at your own risk.',
    'info.disclaimer.liability': 'Liability',
    'info.disclaimer.liabilityText':
      'To the extent the law allows, {siteName} is not liable for any loss or damage arising from swaps arranged through the site.',
    'info.terms.title': 'Terms and Conditions',
    'info.terms.intro':
      'These terms apply to everyone who uses {siteName}. By creating an account you agree to them.',
    'info.terms.who': '1. Who can use {siteName}',
    'info.terms.whoText':
      'You must be at least 16 years old to create an account. One account per person; the details you give must be true.',
    'info.terms.fees': '2. Fees',
    'info.terms.feesText':
      'Everything is now free: no membership fees, no tokens, unlimited listings, messages and offers.',
    'info.terms.list': '3. What you may list',
    'info.terms.listText':
      'Only items you own and may lawfully give away. Animals, weapons, drugs, alcohol, tobacco, adult content, counterfeit, replica or stolen goods, and body parts are not allowed.',
    'info.terms.conduct': '4. Your conduct',
    'info.terms.conduct.honest': 'Describe items honestly and answer offers courteously.',
    'info.terms.conduct.harass': 'Do not harass, deceive or spam other members.',
    'info.terms.conduct.ratings': 'Ratings must reflect a real swap.',
    'info.terms.moderation': '5. Moderation',
    'info.terms.moderationText':
      'We may remove listings, reviews or accounts that break these terms.',
    'info.terms.privacy': '6. Privacy',
    'info.terms.privacyText':
      'We store what you give us to run the service: your account details, listings, offers, messages and ratings. Your email address is never shown to other members. We record page visits (address, browser and page) to keep the service safe and to count visits, and delete those records after 90 days.',
    'info.terms.law': '7. Governing law',
    'info.terms.lawText':
      'These terms are governed by the law of England and Wales, United Kingdom, and disputes are subject to the jurisdiction of the UK courts.',
  },
  'pt-BR': {
    'info.how.title': 'Como funciona',
    'info.how.lead': 'Quatro passos da bagunça para algo que você realmente quer.',
    'info.how.list.title': 'Anuncie seu item',
    'info.how.list.text':
      'Adicione fotos, uma descrição e o estado do item, e diga o que gostaria em troca — ou que está aberto a ofertas. Os membros pagam uma taxa única de verificação de £0.99 para reduzir contas falsas.',
    'info.how.find.title': 'Encontre algo que você quer',
    'info.how.find.text':
      'Pesquise ou navegue por categoria. Salve itens na sua lista de desejos com o coração.',
    'info.how.offer.title': 'Faça uma oferta',
    'info.how.offer.text':
      'Envie ao dono uma mensagem com o que você pode oferecer, e uma foto se ajudar. Converse até chegarem a um acordo.',
    'info.how.meet.title': 'Encontre-se e troque',
    'info.how.meet.text':
      'Encontrem-se em um lugar público, examinem os itens, troquem, depois marquem a troca como concluída e avaliem um ao outro.',
    'info.how.startBrowsing': 'Começar a explorar',
    'info.how.listItem': 'Anunciar um item',
    'info.help.title': 'Central de ajuda',
    'info.help.lead': 'Respostas para as perguntas que os membros mais fazem.',
    'info.help.start.title': 'Primeiros passos',
    'info.help.start.text':
      'Crie uma conta, confirme seu email para ganhar o selo ✓ Verificado e preencha seu perfil.',
    'info.help.listing.title': 'Anunciar itens',
    'info.help.listing.text':
      'Até 5 fotos por item. Agora tudo é grátis: sem taxas de assinatura, sem fichas, anúncios, mensagens e ofertas ilimitados.',
    'info.help.swaps.title': 'Fazer trocas',
    'info.help.swaps.text':
      'As ofertas chegam em Minhas ofertas. Aceite ou recuse, converse, marque a troca como concluída e avaliem um ao outro.',
    'info.help.safety.title': 'Segurança e confiança',
    'info.help.safety.text':
      'Encontre-se em público, leve um amigo para itens valiosos, examine os itens antes e nunca compartilhe dados bancários.',
    'info.help.stuck': 'Ainda com dúvidas? Teremos prazer em ajudar.',
    'info.help.contact': 'Fale conosco',
    'info.contact.title': 'Fale conosco',
    'info.contact.lead':
      'O jeito mais rápido de falar com a equipe do {siteName} é a nossa página social.',
    'info.contact.text':
      'Envie-nos uma mensagem lá sobre qualquer coisa: uma pergunta, um problema com uma troca ou uma ideia.',
    'info.contact.visit': 'Visitar nossa página social',
    'info.contact.newTab': '(abre em uma nova aba)',
    'info.disclaimer.title': 'Aviso legal',
    'info.disclaimer.intro':
      'O {siteName} é um lugar onde os membros combinam trocas entre si. Não somos parte de nenhuma troca e não examinamos, possuímos, guardamos nem entregamos os itens anunciados.',
    'info.disclaimer.age': 'Idade',
    'info.disclaimer.ageText': 'Você precisa ter pelo menos 18 anos para usar o {siteName}.',
    'info.disclaimer.items': 'Itens e descrições',
    'info.disclaimer.itemsText':
      'Os membros descrevem os próprios itens. Não podemos garantir que um item exista, seja como descrito, seja seguro ou legal de possuir. Examine cada item antes de trocar.',
    'info.disclaimer.meeting': 'Encontrar outros membros',
    'info.disclaimer.meetingText':
      'Encontre-se em lugares públicos, leve um amigo para itens valiosos e nunca compartilhe dados bancários. Você encontra outros membros por sua conta e risco.',
    'info.disclaimer.liability': 'Responsabilidade',
    'info.disclaimer.liabilityText':
      'Na medida permitida por lei, o {siteName} não se responsabiliza por perdas ou danos decorrentes de trocas combinadas pelo site.',
    'info.terms.title': 'Termos e condições',
    'info.terms.intro':
      'Estes termos valem para todos que usam o {siteName}. Ao criar uma conta, você concorda com eles.',
    'info.terms.who': '1. Quem pode usar o {siteName}',
    'info.terms.whoText':
      'Você precisa ter pelo menos 16 anos para criar uma conta. Uma conta por pessoa; os dados informados devem ser verdadeiros.',
    'info.terms.fees': '2. Taxas',
    'info.terms.feesText':
      'Agora tudo é grátis: sem taxas de assinatura, sem fichas, anúncios, mensagens e ofertas ilimitados.',
    'info.terms.list': '3. O que você pode anunciar',
    'info.terms.listText':
      'Apenas itens que são seus e que você pode doar legalmente. Animais, armas, drogas, álcool, tabaco, conteúdo adulto, produtos falsificados, réplicas ou roubados e partes do corpo não são permitidos.',
    'info.terms.conduct': '4. Sua conduta',
    'info.terms.conduct.honest':
      'Descreva os itens com honestidade e responda às ofertas com cortesia.',
    'info.terms.conduct.harass': 'Não assedie, engane nem envie spam a outros membros.',
    'info.terms.conduct.ratings': 'As avaliações devem refletir uma troca real.',
    'info.terms.moderation': '5. Moderação',
    'info.terms.moderationText':
      'Podemos remover anúncios, avaliações ou contas que violem estes termos.',
    'info.terms.privacy': '6. Privacidade',
    'info.terms.privacyText':
      'Guardamos o que você nos fornece para operar o serviço: dados da conta, anúncios, ofertas, mensagens e avaliações. Seu email nunca é mostrado a outros membros. Registramos visitas às páginas (endereço, navegador e página) para manter o serviço seguro e contar visitas, e apagamos esses registros após 90 dias.',
    'info.terms.law': '7. Lei aplicável',
    'info.terms.lawText':
      'Estes termos são regidos pela lei da Inglaterra e do País de Gales, Reino Unido, e as disputas estão sujeitas à jurisdição dos tribunais do Reino Unido.',
  },
  de: {
    'info.how.title': 'So funktioniert es',
    'info.how.lead': 'Vier Schritte vom Krimskrams zu etwas, das du wirklich willst.',
    'info.how.list.title': 'Stell deinen Artikel ein',
    'info.how.list.text':
      'Füge Fotos, eine Beschreibung und den Zustand hinzu, und sag, was du dafür möchtest – oder dass du offen für Angebote bist. Mitglieder zahlen einmalig £0.99 Verifizierungsgebühr, damit es weniger Fake-Konten gibt.',
    'info.how.find.title': 'Finde etwas, das du willst',
    'info.how.find.text':
      'Such oder stöbere nach Kategorie. Merk dir Artikel mit dem Herz auf deiner Wunschliste.',
    'info.how.offer.title': 'Mach ein Angebot',
    'info.how.offer.text':
      'Schick dem Besitzer eine Nachricht mit deinem Angebot, und ein Foto, wenn es hilft. Chattet, bis ihr euch einig seid.',
    'info.how.meet.title': 'Treffen und tauschen',
    'info.how.meet.text':
      'Trefft euch an einem öffentlichen Ort, prüft die Artikel, tauscht, markiert den Tausch dann als abgeschlossen und bewertet euch gegenseitig.',
    'info.how.startBrowsing': 'Jetzt stöbern',
    'info.how.listItem': 'Artikel einstellen',
    'info.help.title': 'Hilfe-Center',
    'info.help.lead': 'Antworten auf die häufigsten Fragen der Mitglieder.',
    'info.help.start.title': 'Erste Schritte',
    'info.help.start.text':
      'Erstell ein Konto, bestätige deine E-Mail-Adresse, um das Abzeichen ✓ Verifiziert zu bekommen, und füll dein Profil aus.',
    'info.help.listing.title': 'Artikel einstellen',
    'info.help.listing.text':
      'Bis zu 5 Fotos pro Artikel. Alles ist jetzt kostenlos: keine Mitgliedsgebühren, keine Tokens, unbegrenzt Anzeigen, Nachrichten und Angebote.',
    'info.help.swaps.title': 'Tauschen',
    'info.help.swaps.text':
      'Angebote kommen unter Meine Angebote an. Nimm an oder lehne ab, chatte, markiere den Tausch als abgeschlossen und bewertet euch dann gegenseitig.',
    'info.help.safety.title': 'Sicherheit und Vertrauen',
    'info.help.safety.text':
      'Trefft euch öffentlich, nimm bei wertvollen Artikeln jemanden mit, prüfe Artikel vorher und gib nie Bankdaten weiter.',
    'info.help.stuck': 'Immer noch Fragen? Wir helfen gern.',
    'info.help.contact': 'Kontakt aufnehmen',
    'info.contact.title': 'Kontakt',
    'info.contact.lead':
      'Am schnellsten erreichst du das {siteName}-Team über unsere Social-Media-Seite.',
    'info.contact.text':
      'Schreib uns dort zu allem: eine Frage, ein Problem mit einem Tausch oder eine Idee.',
    'info.contact.visit': 'Zu unserer Social-Media-Seite',
    'info.contact.newTab': '(öffnet in einem neuen Tab)',
    'info.disclaimer.title': 'Haftungsausschluss',
    'info.disclaimer.intro':
      '{siteName} ist ein Ort, an dem Mitglieder untereinander Tausche vereinbaren. Wir sind an keinem Tausch beteiligt und prüfen, besitzen, lagern oder liefern die eingestellten Artikel nicht.',
    'info.disclaimer.age': 'Alter',
    'info.disclaimer.ageText': 'Du musst mindestens 18 Jahre alt sein, um {siteName} zu nutzen.',
    'info.disclaimer.items': 'Artikel und Beschreibungen',
    'info.disclaimer.itemsText':
      'Mitglieder beschreiben ihre eigenen Artikel. Wir können nicht garantieren, dass ein Artikel existiert, wie beschrieben ist, sicher ist oder legal besessen werden darf. Prüfe jeden Artikel, bevor du tauschst.',
    'info.disclaimer.meeting': 'Andere Mitglieder treffen',
    'info.disclaimer.meetingText':
      'Trefft euch an öffentlichen Orten, nimm bei wertvollen Artikeln jemanden mit und gib nie Bankdaten weiter. Du triffst andere Mitglieder auf eigenes Risiko.',
    'info.disclaimer.liability': 'Haftung',
    'info.disclaimer.liabilityText':
      'Soweit gesetzlich zulässig, haftet {siteName} nicht für Verluste oder Schäden aus Tauschen, die über die Seite vereinbart wurden.',
    'info.terms.title': 'Nutzungsbedingungen',
    'info.terms.intro':
      'Diese Bedingungen gelten für alle, die {siteName} nutzen. Mit dem Erstellen eines Kontos stimmst du ihnen zu.',
    'info.terms.who': '1. Wer {siteName} nutzen darf',
    'info.terms.whoText':
      'Du musst mindestens 16 Jahre alt sein, um ein Konto zu erstellen. Ein Konto pro Person; deine Angaben müssen stimmen.',
    'info.terms.fees': '2. Gebühren',
    'info.terms.feesText':
      'Alles ist jetzt kostenlos: keine Mitgliedsgebühren, keine Tokens, unbegrenzt Anzeigen, Nachrichten und Angebote.',
    'info.terms.list': '3. Was du einstellen darfst',
    'info.terms.listText':
      'Nur Artikel, die dir gehören und die du rechtmäßig weitergeben darfst. Tiere, Waffen, Drogen, Alkohol, Tabak, Inhalte für Erwachsene, gefälschte, nachgemachte oder gestohlene Waren und Körperteile sind nicht erlaubt.',
    'info.terms.conduct': '4. Dein Verhalten',
    'info.terms.conduct.honest': 'Beschreibe Artikel ehrlich und beantworte Angebote höflich.',
    'info.terms.conduct.harass': 'Belästige, täusche oder bespame keine anderen Mitglieder.',
    'info.terms.conduct.ratings': 'Bewertungen müssen auf einem echten Tausch beruhen.',
    'info.terms.moderation': '5. Moderation',
    'info.terms.moderationText':
      'Wir können Anzeigen, Bewertungen oder Konten entfernen, die gegen diese Bedingungen verstoßen.',
    'info.terms.privacy': '6. Datenschutz',
    'info.terms.privacyText':
      'Wir speichern, was du uns gibst, um den Dienst zu betreiben: deine Kontodaten, Anzeigen, Angebote, Nachrichten und Bewertungen. Deine E-Mail-Adresse wird anderen Mitgliedern nie gezeigt. Wir protokollieren Seitenaufrufe (Adresse, Browser und Seite), um den Dienst sicher zu halten und Besuche zu zählen, und löschen diese Einträge nach 90 Tagen.',
    'info.terms.law': '7. Anwendbares Recht',
    'info.terms.lawText':
      'Diese Bedingungen unterliegen dem Recht von England und Wales, Vereinigtes Königreich, und für Streitigkeiten sind die Gerichte des Vereinigten Königreichs zuständig.',
  },
  ar: {
    'info.how.title': 'كيف يعمل',
    'info.how.lead': 'أربع خطوات من الفوضى إلى شيء تريده حقًا.',
    'info.how.list.title': 'اعرض غرضك',
    'info.how.list.text':
      'أضف صورًا ووصفًا وحالة الغرض، وقل ما تريده في المقابل، أو أنك منفتح على العروض. يدفع الأعضاء رسوم تحقق لمرة واحدة قدرها £0.99 للحد من الحسابات المزيفة.',
    'info.how.find.title': 'ابحث عن شيء تريده',
    'info.how.find.text': 'ابحث أو تصفّح حسب الفئة. احفظ الأغراض في قائمة أمنياتك بالقلب.',
    'info.how.offer.title': 'قدّم عرضًا',
    'info.how.offer.text':
      'أرسل إلى المالك رسالة بما يمكنك تقديمه، وصورة إن كانت تفيد. تحادثا حتى تتفقا.',
    'info.how.meet.title': 'التقِ وقايض',
    'info.how.meet.text':
      'التقيا في مكان عام، وافحصا الأغراض، وقايضا، ثم علّما المقايضة كمكتملة وقيّما بعضكما.',
    'info.how.startBrowsing': 'ابدأ التصفح',
    'info.how.listItem': 'اعرض غرضًا',
    'info.help.title': 'مركز المساعدة',
    'info.help.lead': 'إجابات عن أكثر الأسئلة التي يطرحها الأعضاء.',
    'info.help.start.title': 'البدء',
    'info.help.start.text':
      'أنشئ حسابًا، وأكّد بريدك الإلكتروني لتحصل على شارة ✓ موثّق، واملأ ملفك الشخصي.',
    'info.help.listing.title': 'عرض الأغراض',
    'info.help.listing.text':
      'حتى 5 صور لكل غرض. كل شيء مجاني الآن: لا رسوم عضوية، ولا رموز، وإعلانات ورسائل وعروض بلا حدود.',
    'info.help.swaps.title': 'إجراء المقايضات',
    'info.help.swaps.text':
      'تصل العروض إلى «عروضي». اقبل أو ارفض، وتحادث، وعلّم المقايضة كمكتملة، ثم قيّما بعضكما.',
    'info.help.safety.title': 'الأمان والثقة',
    'info.help.safety.text':
      'التقِ في مكان عام، وأحضر صديقًا للأغراض الثمينة، وافحص الأغراض أولًا، ولا تشارك بياناتك المصرفية أبدًا.',
    'info.help.stuck': 'ما زلت بحاجة إلى مساعدة؟ يسعدنا مساعدتك.',
    'info.help.contact': 'تواصل معنا',
    'info.contact.title': 'تواصل معنا',
    'info.contact.lead': 'أسرع طريقة للوصول إلى فريق {siteName} هي صفحتنا على وسائل التواصل.',
    'info.contact.text': 'راسلنا هناك بخصوص أي شيء: سؤال، أو مشكلة في مقايضة، أو فكرة.',
    'info.contact.visit': 'زر صفحتنا على وسائل التواصل',
    'info.contact.newTab': '(تُفتح في علامة تبويب جديدة)',
    'info.disclaimer.title': 'إخلاء المسؤولية',
    'info.disclaimer.intro':
      '{siteName} مكان يرتّب فيه الأعضاء المقايضات فيما بينهم. لسنا طرفًا في أي مقايضة، ولا نفحص الأغراض المعروضة ولا نملكها ولا نخزّنها ولا نوصلها.',
    'info.disclaimer.age': 'العمر',
    'info.disclaimer.ageText': 'يجب أن يكون عمرك 18 عامًا على الأقل لاستخدام {siteName}.',
    'info.disclaimer.items': 'الأغراض والأوصاف',
    'info.disclaimer.itemsText':
      'يصف الأعضاء أغراضهم بأنفسهم. لا يمكننا ضمان أن الغرض موجود، أو كما وُصف، أو آمن، أو أن امتلاكه قانوني. افحص كل غرض قبل أن تقايض.',
    'info.disclaimer.meeting': 'لقاء الأعضاء الآخرين',
    'info.disclaimer.meetingText':
      'التقِ في أماكن عامة، وأحضر صديقًا للأغراض الثمينة، ولا تشارك بياناتك المصرفية أبدًا. تلتقي بالأعضاء الآخرين على مسؤوليتك.',
    'info.disclaimer.liability': 'المسؤولية',
    'info.disclaimer.liabilityText':
      'في الحدود التي يسمح بها القانون، لا يتحمل {siteName} مسؤولية أي خسارة أو ضرر ناتج عن مقايضات رُتّبت عبر الموقع.',
    'info.terms.title': 'الشروط والأحكام',
    'info.terms.intro':
      'تسري هذه الشروط على كل من يستخدم {siteName}. بإنشاء حساب فإنك توافق عليها.',
    'info.terms.who': '1. من يمكنه استخدام {siteName}',
    'info.terms.whoText':
      'يجب أن يكون عمرك 16 عامًا على الأقل لإنشاء حساب. حساب واحد لكل شخص، ويجب أن تكون البيانات التي تقدمها صحيحة.',
    'info.terms.fees': '2. الرسوم',
    'info.terms.feesText':
      'كل شيء مجاني الآن: لا رسوم عضوية، ولا رموز، وإعلانات ورسائل وعروض بلا حدود.',
    'info.terms.list': '3. ما يمكنك عرضه',
    'info.terms.listText':
      'فقط الأغراض التي تملكها ويحق لك قانونًا التخلي عنها. لا يُسمح بالحيوانات والأسلحة والمخدرات والكحول والتبغ والمحتوى الإباحي والبضائع المقلدة أو المنسوخة أو المسروقة وأعضاء الجسم.',
    'info.terms.conduct': '4. سلوكك',
    'info.terms.conduct.honest': 'صِف الأغراض بصدق وأجب عن العروض بلطف.',
    'info.terms.conduct.harass': 'لا تضايق الأعضاء الآخرين أو تخدعهم أو ترسل إليهم رسائل مزعجة.',
    'info.terms.conduct.ratings': 'يجب أن تعكس التقييمات مقايضة حقيقية.',
    'info.terms.moderation': '5. الإشراف',
    'info.terms.moderationText':
      'قد نزيل الإعلانات أو المراجعات أو الحسابات التي تخالف هذه الشروط.',
    'info.terms.privacy': '6. الخصوصية',
    'info.terms.privacyText':
      'نخزّن ما تقدمه لنا لتشغيل الخدمة: بيانات حسابك وإعلاناتك وعروضك ورسائلك وتقييماتك. لا يُعرض بريدك الإلكتروني على الأعضاء الآخرين أبدًا. نسجّل زيارات الصفحات (العنوان والمتصفح والصفحة) للحفاظ على أمان الخدمة ولعدّ الزيارات، ونحذف هذه السجلات بعد 90 يومًا.',
    'info.terms.law': '7. القانون الحاكم',
    'info.terms.lawText':
      'تخضع هذه الشروط لقانون إنجلترا وويلز في المملكة المتحدة، وتخضع النزاعات لاختصاص محاكم المملكة المتحدة.',
  },
});
