import { defineArea } from '../area.js';

/**
 * The account's own pages: choosing a new password (reset-password-page.tsx), the email check
 * (verify-email-page.tsx), an email's unsubscribe link (unsubscribe-page.tsx, one question per
 * topic of shared/notifications.ts), the old membership address (membership-page.tsx) and, in
 * settings, your data and erasing the account (account-data.tsx).
 */
export const account = defineArea({
  en: {
    'account.invalidLinkTitle': 'Invalid Link',
    'account.invalidLinkText': 'This password reset link is invalid or expired.',
    'account.tooShortTitle': 'Password Too Short',
    'account.tooShortText': 'Password must be at least 6 characters long.',
    'account.mismatchTitle': "Passwords Don't Match",
    'account.mismatchText': 'Please make sure both passwords are the same.',
    'account.backToSignIn': 'Back to Sign In',
    'account.resetDone': 'Password Reset Successful',
    'account.resetFailed': 'Reset Failed',
    'account.resetFailedText': 'Failed to reset password',
    'account.newPasswordTitle': 'Choose a new password',
    'account.newPasswordText': 'It must be at least {min} characters long.',
    'account.newPassword': 'New Password',
    'account.confirmPassword': 'Confirm New Password',
    'account.updating': 'Updating...',
    'account.updatePassword': 'Update Password',
    'account.verified': 'Email verified',
    'account.verifyFailed': 'Verification failed',
    'account.verifiedText': 'Thank you! Your account now shows the ✓ Verified badge.',
    'account.verifyLinkInvalid': 'This verification link is invalid or expired.',
    'account.linkSent': 'Link sent',
    'account.sendNewLink': 'Send a new link',
    'account.backHome': 'Back to Home',
    'account.unsubscribeInvalid': 'This link is not valid',
    'account.unsubscribeInvalidText':
      'Open the unsubscribe link from the email again, or change your emails in your notification settings.',
    'account.notificationSettings': 'Notification settings',
    'account.unsubscribed': 'Unsubscribed',
    'account.unsubscribe': 'Unsubscribe',
    'account.unsubscribe.digest':
      'Stop receiving the daily digest? You still see them under the bell when you sign in.',
    'account.unsubscribe.offers':
      'Stop receiving emails about new offers and counter-offers? You still see them under the bell when you sign in.',
    'account.unsubscribe.offer-updates':
      'Stop receiving emails about answers to your offers and finished swaps? You still see them under the bell when you sign in.',
    'account.unsubscribe.messages':
      'Stop receiving emails about messages? You still see them under the bell when you sign in.',
    'account.unsubscribe.ratings':
      'Stop receiving emails about ratings you receive? You still see them under the bell when you sign in.',
    'account.unsubscribe.alerts':
      'Stop receiving emails about want alerts (saved searches)? You still see them under the bell when you sign in.',
    'account.unsubscribe.matches':
      'Stop receiving emails about new mutual matches and swap circles? You still see them under the bell when you sign in.',
    'account.unsubscribe.circles':
      'Stop receiving emails about decisions in your swap circles? You still see them under the bell when you sign in.',
    'account.unsubscribe.rounds':
      'Stop receiving emails about swap rounds you take part in? You still see them under the bell when you sign in.',
    'account.unsubscribe.moderation':
      'Stop receiving emails about moderation of your account and listings, and problems reported after swaps? You still see them under the bell when you sign in.',
    'account.freeTitle': '{siteName} is now completely free!',
    'account.freeText': 'No membership fees, no tokens: unlimited listings, messages and offers.',
    'account.redirecting': 'Taking you to the home page in 5 seconds…',
    'account.goNow': 'Go now',
    'account.dataTitle': 'Your data',
    'account.dataText':
      'One file with everything we hold about you: your account, listings, offers and chats, circles, ratings, reports, notifications, sessions, devices and page views.',
    'account.download': 'Download my data',
    'account.enterPassword': 'Please enter your password',
    'account.error': 'An error occurred',
    'account.erased': 'Your account has been deleted.',
    'account.deleteTitle': 'Delete my account',
    'account.deleteText':
      'This cannot be undone. Your profile, email address, password, listings that were never part of a swap, saved items, searches and alerts are deleted, and you are signed out everywhere. Offers, chats, circles and ratings stay for the other members, shown as from “Deleted member”. You can register again with the same address later.',
    'account.yourPassword': 'Your password',
    'account.deleting': 'Deleting…',
    'account.delete': 'Delete my account',
  },
  'pt-BR': {
    'account.invalidLinkTitle': 'Link inválido',
    'account.invalidLinkText': 'Este link de redefinição de senha é inválido ou expirou.',
    'account.tooShortTitle': 'Senha muito curta',
    'account.tooShortText': 'A senha precisa ter pelo menos 6 caracteres.',
    'account.mismatchTitle': 'As senhas não são iguais',
    'account.mismatchText': 'Confira se as duas senhas são iguais.',
    'account.backToSignIn': 'Voltar para Entrar',
    'account.resetDone': 'Senha redefinida',
    'account.resetFailed': 'Falha na redefinição',
    'account.resetFailedText': 'Não foi possível redefinir a senha',
    'account.newPasswordTitle': 'Escolha uma nova senha',
    'account.newPasswordText': 'Ela precisa ter pelo menos {min} caracteres.',
    'account.newPassword': 'Nova senha',
    'account.confirmPassword': 'Confirme a nova senha',
    'account.updating': 'Atualizando...',
    'account.updatePassword': 'Atualizar senha',
    'account.verified': 'E-mail confirmado',
    'account.verifyFailed': 'Falha na confirmação',
    'account.verifiedText': 'Obrigado! Sua conta agora mostra o selo ✓ Verificado.',
    'account.verifyLinkInvalid': 'Este link de confirmação é inválido ou expirou.',
    'account.linkSent': 'Link enviado',
    'account.sendNewLink': 'Enviar um novo link',
    'account.backHome': 'Voltar ao início',
    'account.unsubscribeInvalid': 'Este link não é válido',
    'account.unsubscribeInvalidText':
      'Abra de novo o link de cancelamento do e-mail ou altere seus e-mails nas configurações de notificação.',
    'account.notificationSettings': 'Configurações de notificação',
    'account.unsubscribed': 'Inscrição cancelada',
    'account.unsubscribe': 'Cancelar inscrição',
    'account.unsubscribe.digest':
      'Parar de receber o resumo diário? Você continua vendo tudo no sino quando entrar.',
    'account.unsubscribe.offers':
      'Parar de receber e-mails sobre novas ofertas e contraofertas? Você continua vendo tudo no sino quando entrar.',
    'account.unsubscribe.offer-updates':
      'Parar de receber e-mails sobre respostas às suas ofertas e trocas concluídas? Você continua vendo tudo no sino quando entrar.',
    'account.unsubscribe.messages':
      'Parar de receber e-mails sobre mensagens? Você continua vendo tudo no sino quando entrar.',
    'account.unsubscribe.ratings':
      'Parar de receber e-mails sobre avaliações que você recebe? Você continua vendo tudo no sino quando entrar.',
    'account.unsubscribe.alerts':
      'Parar de receber e-mails sobre alertas de desejos (buscas salvas)? Você continua vendo tudo no sino quando entrar.',
    'account.unsubscribe.matches':
      'Parar de receber e-mails sobre novas combinações mútuas e círculos de troca? Você continua vendo tudo no sino quando entrar.',
    'account.unsubscribe.circles':
      'Parar de receber e-mails sobre decisões nos seus círculos de troca? Você continua vendo tudo no sino quando entrar.',
    'account.unsubscribe.rounds':
      'Parar de receber e-mails sobre rodadas de troca de que você participa? Você continua vendo tudo no sino quando entrar.',
    'account.unsubscribe.moderation':
      'Parar de receber e-mails sobre a moderação da sua conta e dos seus anúncios, e problemas relatados após trocas? Você continua vendo tudo no sino quando entrar.',
    'account.freeTitle': 'O {siteName} agora é totalmente grátis!',
    'account.freeText': 'Sem mensalidades, sem fichas: anúncios, mensagens e ofertas sem limite.',
    'account.redirecting': 'Levando você para o início em 5 segundos…',
    'account.goNow': 'Ir agora',
    'account.dataTitle': 'Seus dados',
    'account.dataText':
      'Um arquivo com tudo o que guardamos sobre você: sua conta, anúncios, ofertas e conversas, círculos, avaliações, denúncias, notificações, sessões, dispositivos e visitas.',
    'account.download': 'Baixar meus dados',
    'account.enterPassword': 'Digite sua senha',
    'account.error': 'Ocorreu um erro',
    'account.erased': 'Sua conta foi excluída.',
    'account.deleteTitle': 'Excluir minha conta',
    'account.deleteText':
      'Isso não pode ser desfeito. Seu perfil, e-mail, senha, anúncios que nunca fizeram parte de uma troca, itens salvos, buscas e alertas são excluídos, e você sai de todos os dispositivos. Ofertas, conversas, círculos e avaliações ficam para os outros membros, mostrados como de “Membro excluído”. Você pode se cadastrar de novo com o mesmo endereço depois.',
    'account.yourPassword': 'Sua senha',
    'account.deleting': 'Excluindo…',
    'account.delete': 'Excluir minha conta',
  },
  de: {
    'account.invalidLinkTitle': 'Ungültiger Link',
    'account.invalidLinkText': 'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen.',
    'account.tooShortTitle': 'Passwort zu kurz',
    'account.tooShortText': 'Das Passwort muss mindestens 6 Zeichen lang sein.',
    'account.mismatchTitle': 'Passwörter stimmen nicht überein',
    'account.mismatchText': 'Bitte gib zweimal dasselbe Passwort ein.',
    'account.backToSignIn': 'Zurück zur Anmeldung',
    'account.resetDone': 'Passwort zurückgesetzt',
    'account.resetFailed': 'Zurücksetzen fehlgeschlagen',
    'account.resetFailedText': 'Das Passwort konnte nicht zurückgesetzt werden',
    'account.newPasswordTitle': 'Wähl ein neues Passwort',
    'account.newPasswordText': 'Es muss mindestens {min} Zeichen lang sein.',
    'account.newPassword': 'Neues Passwort',
    'account.confirmPassword': 'Neues Passwort bestätigen',
    'account.updating': 'Wird aktualisiert...',
    'account.updatePassword': 'Passwort ändern',
    'account.verified': 'E-Mail bestätigt',
    'account.verifyFailed': 'Bestätigung fehlgeschlagen',
    'account.verifiedText': 'Danke! Dein Konto trägt jetzt das Abzeichen ✓ Verifiziert.',
    'account.verifyLinkInvalid': 'Dieser Bestätigungslink ist ungültig oder abgelaufen.',
    'account.linkSent': 'Link gesendet',
    'account.sendNewLink': 'Neuen Link senden',
    'account.backHome': 'Zur Startseite',
    'account.unsubscribeInvalid': 'Dieser Link ist ungültig',
    'account.unsubscribeInvalidText':
      'Öffne den Abmeldelink aus der E-Mail noch einmal oder ändere deine E-Mails in den Benachrichtigungseinstellungen.',
    'account.notificationSettings': 'Benachrichtigungseinstellungen',
    'account.unsubscribed': 'Abgemeldet',
    'account.unsubscribe': 'Abmelden',
    'account.unsubscribe.digest':
      'Die tägliche Zusammenfassung abbestellen? Du siehst alles weiter unter der Glocke, wenn du angemeldet bist.',
    'account.unsubscribe.offers':
      'Keine E-Mails mehr zu neuen Angeboten und Gegenangeboten? Du siehst sie weiter unter der Glocke, wenn du angemeldet bist.',
    'account.unsubscribe.offer-updates':
      'Keine E-Mails mehr zu Antworten auf deine Angebote und abgeschlossenen Tauschen? Du siehst sie weiter unter der Glocke, wenn du angemeldet bist.',
    'account.unsubscribe.messages':
      'Keine E-Mails mehr zu Nachrichten? Du siehst sie weiter unter der Glocke, wenn du angemeldet bist.',
    'account.unsubscribe.ratings':
      'Keine E-Mails mehr zu Bewertungen, die du erhältst? Du siehst sie weiter unter der Glocke, wenn du angemeldet bist.',
    'account.unsubscribe.alerts':
      'Keine E-Mails mehr zu Suchaufträgen (gespeicherten Suchen)? Du siehst sie weiter unter der Glocke, wenn du angemeldet bist.',
    'account.unsubscribe.matches':
      'Keine E-Mails mehr zu neuen gegenseitigen Treffern und Tauschkreisen? Du siehst sie weiter unter der Glocke, wenn du angemeldet bist.',
    'account.unsubscribe.circles':
      'Keine E-Mails mehr zu Entscheidungen in deinen Tauschkreisen? Du siehst sie weiter unter der Glocke, wenn du angemeldet bist.',
    'account.unsubscribe.rounds':
      'Keine E-Mails mehr zu Tauschrunden, an denen du teilnimmst? Du siehst sie weiter unter der Glocke, wenn du angemeldet bist.',
    'account.unsubscribe.moderation':
      'Keine E-Mails mehr zur Moderation deines Kontos und deiner Angebote und zu Problemen nach Tauschen? Du siehst sie weiter unter der Glocke, wenn du angemeldet bist.',
    'account.freeTitle': '{siteName} ist jetzt komplett kostenlos!',
    'account.freeText':
      'Keine Mitgliedsbeiträge, keine Token: unbegrenzt Angebote, Nachrichten und Tauschvorschläge.',
    'account.redirecting': 'Du wirst in 5 Sekunden zur Startseite gebracht…',
    'account.goNow': 'Jetzt gehen',
    'account.dataTitle': 'Deine Daten',
    'account.dataText':
      'Eine Datei mit allem, was wir über dich speichern: dein Konto, Angebote, Tauschvorschläge und Chats, Kreise, Bewertungen, Meldungen, Benachrichtigungen, Sitzungen, Geräte und Seitenaufrufe.',
    'account.download': 'Meine Daten herunterladen',
    'account.enterPassword': 'Bitte gib dein Passwort ein',
    'account.error': 'Ein Fehler ist aufgetreten',
    'account.erased': 'Dein Konto wurde gelöscht.',
    'account.deleteTitle': 'Mein Konto löschen',
    'account.deleteText':
      'Das lässt sich nicht rückgängig machen. Dein Profil, deine E-Mail-Adresse, dein Passwort, Angebote, die nie Teil eines Tauschs waren, gemerkte Artikel, Suchen und Suchaufträge werden gelöscht, und du wirst überall abgemeldet. Tauschvorschläge, Chats, Kreise und Bewertungen bleiben für die anderen Mitglieder, als von „Gelöschtes Mitglied“. Du kannst dich später mit derselben Adresse neu registrieren.',
    'account.yourPassword': 'Dein Passwort',
    'account.deleting': 'Wird gelöscht…',
    'account.delete': 'Mein Konto löschen',
  },
  ar: {
    'account.invalidLinkTitle': 'رابط غير صالح',
    'account.invalidLinkText': 'رابط إعادة تعيين كلمة المرور هذا غير صالح أو منتهي الصلاحية.',
    'account.tooShortTitle': 'كلمة المرور قصيرة جدًا',
    'account.tooShortText': 'يجب ألا تقل كلمة المرور عن 6 أحرف.',
    'account.mismatchTitle': 'كلمتا المرور غير متطابقتين',
    'account.mismatchText': 'يُرجى التأكد من تطابق كلمتي المرور.',
    'account.backToSignIn': 'العودة إلى تسجيل الدخول',
    'account.resetDone': 'أُعيد تعيين كلمة المرور',
    'account.resetFailed': 'فشلت إعادة التعيين',
    'account.resetFailedText': 'تعذّرت إعادة تعيين كلمة المرور',
    'account.newPasswordTitle': 'اختر كلمة مرور جديدة',
    'account.newPasswordText': 'يجب ألا تقل عن {min} أحرف.',
    'account.newPassword': 'كلمة المرور الجديدة',
    'account.confirmPassword': 'تأكيد كلمة المرور الجديدة',
    'account.updating': 'جارٍ التحديث...',
    'account.updatePassword': 'حدّث كلمة المرور',
    'account.verified': 'تم تأكيد البريد الإلكتروني',
    'account.verifyFailed': 'فشل التأكيد',
    'account.verifiedText': 'شكرًا لك! يحمل حسابك الآن شارة ✓ موثَّق.',
    'account.verifyLinkInvalid': 'رابط التأكيد هذا غير صالح أو منتهي الصلاحية.',
    'account.linkSent': 'أُرسل الرابط',
    'account.sendNewLink': 'أرسل رابطًا جديدًا',
    'account.backHome': 'العودة إلى الرئيسية',
    'account.unsubscribeInvalid': 'هذا الرابط غير صالح',
    'account.unsubscribeInvalidText':
      'افتح رابط إلغاء الاشتراك من البريد الإلكتروني مرة أخرى، أو غيّر رسائلك في إعدادات الإشعارات.',
    'account.notificationSettings': 'إعدادات الإشعارات',
    'account.unsubscribed': 'أُلغي الاشتراك',
    'account.unsubscribe': 'إلغاء الاشتراك',
    'account.unsubscribe.digest':
      'هل تريد التوقف عن تلقي الملخص اليومي؟ ستظل تراها تحت الجرس عند تسجيل الدخول.',
    'account.unsubscribe.offers':
      'هل تريد التوقف عن تلقي رسائل عن العروض الجديدة والعروض المضادة؟ ستظل تراها تحت الجرس عند تسجيل الدخول.',
    'account.unsubscribe.offer-updates':
      'هل تريد التوقف عن تلقي رسائل عن الردود على عروضك والمقايضات المكتملة؟ ستظل تراها تحت الجرس عند تسجيل الدخول.',
    'account.unsubscribe.messages':
      'هل تريد التوقف عن تلقي رسائل عن الرسائل؟ ستظل تراها تحت الجرس عند تسجيل الدخول.',
    'account.unsubscribe.ratings':
      'هل تريد التوقف عن تلقي رسائل عن التقييمات التي تتلقاها؟ ستظل تراها تحت الجرس عند تسجيل الدخول.',
    'account.unsubscribe.alerts':
      'هل تريد التوقف عن تلقي رسائل عن تنبيهات الطلبات (عمليات البحث المحفوظة)؟ ستظل تراها تحت الجرس عند تسجيل الدخول.',
    'account.unsubscribe.matches':
      'هل تريد التوقف عن تلقي رسائل عن التطابقات المتبادلة الجديدة ودوائر المقايضة؟ ستظل تراها تحت الجرس عند تسجيل الدخول.',
    'account.unsubscribe.circles':
      'هل تريد التوقف عن تلقي رسائل عن القرارات في دوائر المقايضة الخاصة بك؟ ستظل تراها تحت الجرس عند تسجيل الدخول.',
    'account.unsubscribe.rounds':
      'هل تريد التوقف عن تلقي رسائل عن جولات المقايضة التي تشارك فيها؟ ستظل تراها تحت الجرس عند تسجيل الدخول.',
    'account.unsubscribe.moderation':
      'هل تريد التوقف عن تلقي رسائل عن الإشراف على حسابك وإعلاناتك، والمشكلات المبلَّغ عنها بعد المقايضات؟ ستظل تراها تحت الجرس عند تسجيل الدخول.',
    'account.freeTitle': '{siteName} أصبح مجانيًا بالكامل!',
    'account.freeText': 'لا رسوم عضوية ولا رموز: إعلانات ورسائل وعروض بلا حدود.',
    'account.redirecting': 'سننقلك إلى الصفحة الرئيسية خلال 5 ثوانٍ…',
    'account.goNow': 'اذهب الآن',
    'account.dataTitle': 'بياناتك',
    'account.dataText':
      'ملف واحد فيه كل ما نحتفظ به عنك: حسابك وإعلاناتك وعروضك ومحادثاتك ودوائرك وتقييماتك وبلاغاتك وإشعاراتك وجلساتك وأجهزتك وزياراتك للصفحات.',
    'account.download': 'نزّل بياناتي',
    'account.enterPassword': 'يُرجى إدخال كلمة المرور',
    'account.error': 'حدث خطأ',
    'account.erased': 'حُذف حسابك.',
    'account.deleteTitle': 'احذف حسابي',
    'account.deleteText':
      'لا يمكن التراجع عن هذا. يُحذف ملفك الشخصي وبريدك الإلكتروني وكلمة مرورك والإعلانات التي لم تكن جزءًا من أي مقايضة والأغراض المحفوظة وعمليات البحث والتنبيهات، ويُسجَّل خروجك من كل مكان. تبقى العروض والمحادثات والدوائر والتقييمات للأعضاء الآخرين، وتظهر على أنها من “عضو محذوف”. يمكنك التسجيل مجددًا بالعنوان نفسه لاحقًا.',
    'account.yourPassword': 'كلمة المرور',
    'account.deleting': 'جارٍ الحذف…',
    'account.delete': 'احذف حسابي',
  },
});
