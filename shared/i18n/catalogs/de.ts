import { account } from './areas/account.js';
import { admin } from './areas/admin.js';
import { alerts } from './areas/alerts.js';
import { browse } from './areas/browse.js';
import { chat } from './areas/chat.js';
import { circles } from './areas/circles.js';
import { dialogs } from './areas/dialogs.js';
import { emails } from './areas/emails.js';
import { featured } from './areas/featured.js';
import { giveaways } from './areas/giveaways.js';
import { inbox } from './areas/inbox.js';
import { info } from './areas/info.js';
import { listing } from './areas/listing.js';
import { listingForm } from './areas/listing-form.js';
import { listingOwner } from './areas/listing-owner.js';
import { manifest } from './areas/manifest.js';
import { matches } from './areas/matches.js';
import { memberHome } from './areas/member-home.js';
import { moderationNotices } from './areas/moderation-notices.js';
import { notFound } from './areas/not-found.js';
import { notificationSettings } from './areas/notification-settings.js';
import { notifications } from './areas/notifications.js';
import { offerDialogs } from './areas/offer-dialogs.js';
import { offers } from './areas/offers.js';
import { problems } from './areas/problems.js';
import { profile } from './areas/profile.js';
import { register } from './areas/register.js';
import { reports } from './areas/reports.js';
import { rounds } from './areas/rounds.js';
import { saved } from './areas/saved.js';
import { serverPages } from './areas/server-pages.js';
import { signInPrompt } from './areas/sign-in-prompt.js';
import { swapFor } from './areas/swap-for.js';
import { wants } from './areas/wants.js';
import type { Catalog } from './en.js';

/** German: short, plain, the spec's meaning (issue 41). */
export const de: Catalog = {
  'header.home': '{siteName} Startseite',
  'header.social': 'Folge uns in den sozialen Medien (öffnet in einem neuen Tab)',
  'header.mainNav': 'Hauptmenü',
  'header.loading': 'Wird geladen...',
  'header.free': 'KOSTENLOS',
  'header.signIn': 'Anmelden',
  'header.register': 'Registrieren',
  'header.accountMenu': 'Kontomenü',
  'nav.items': 'Artikel',
  'nav.offers': 'Angebote',
  'nav.matches': 'Treffer',
  'nav.rounds': 'Runden',
  'nav.savedItems': 'Gemerkte Artikel',
  'nav.listItem': 'Artikel einstellen',
  'nav.help': 'Hilfe',
  'nav.contact': 'Kontakt',
  'nav.disclaimer': 'Haftungsausschluss',
  'nav.notifications': 'Benachrichtigungen',
  'nav.wantAlerts': 'Suchaufträge',
  'nav.settings': 'Einstellungen',
  'nav.notificationSettings': 'Benachrichtigungseinstellungen',
  'nav.howItWorks': 'So funktioniert’s',
  'nav.profile': 'Profil',
  'nav.logOut': 'Abmelden',
  'menu.open': 'Menü öffnen',
  'menu.close': 'Menü schließen',
  'menu.title': 'Menü',
  'menu.description': 'Navigation der Website',
  'menu.nav': 'Mobil',
  'footer.nav': 'Fußzeile',
  'footer.howItWorks': 'So funktioniert’s',
  'footer.help': 'Hilfe-Center',
  'footer.contact': 'Kontakt',
  'footer.terms': 'Nutzungsbedingungen',
  'footer.disclaimer': 'Haftungsausschluss',
  'footer.copyright': '© 2024 {siteName}. Alle Rechte vorbehalten.',
  'footer.language': 'Sprache',
  'layout.skipToContent': 'Zum Inhalt springen',

  'home.findHeading': 'Finde, was du suchst',
  'home.findText': 'Durchsuche alle Artikel, die Mitglieder zum Tausch anbieten.',
  'home.goToSearch': 'Zur Suche',
  'home.tagline': 'Kein Geld. Nur Tausch.',
  'home.heading': 'Tausche, was du hast!',
  'home.intro':
    'Biete an, was du nicht mehr brauchst, und tausche es bei Leuten aus deiner Nähe gegen das, was du brauchst.',
  'home.learnHow': 'So funktioniert’s',
  'home.startBrowsing': 'Jetzt stöbern',
  'home.categoriesHeading': 'Nach Kategorie stöbern',
  'home.trustHeading': 'Darum kannst du {siteName} vertrauen',
  'home.trust.verified.title': 'Verifizierte Mitglieder',
  'home.trust.verified.text':
    'Wer Artikel einstellt, zahlt einmalig 0,99 £ für die Verifizierung, damit es weniger Fake-Konten gibt, und trägt das Abzeichen ✓ Verifiziert.',
  'home.trust.process.title': 'Klarer Ablauf',
  'home.trust.process.text':
    'Angebote, Antworten und Chat an einem Ort. Annehmen, ablehnen, als erledigt markieren und dann gegenseitig bewerten.',
  'home.trust.safety.title': 'Sicherheit zuerst',
  'home.trust.safety.text':
    'Bewertungen auf jedem Profil, Regeln für verbotene Artikel und Moderatoren, die Meldungen nachgehen.',
  'home.safetyHeading': 'Sicher tauschen',
  'home.tip.public': 'Trefft euch an öffentlichen Orten',
  'home.tip.friend': 'Nimm bei wertvollen Artikeln jemanden mit',
  'home.tip.inspect': 'Sieh dir Artikel vor dem Tausch genau an',
  'home.tip.banking': 'Gib niemals Bankdaten weiter',

  'auth.welcome': 'Willkommen bei {siteName}',
  'auth.intro': 'Tausche, was du hast, gegen das, was du willst – mit Leuten in deiner Nähe.',
  'auth.bullet.free': 'Stelle so viele Artikel ein, wie du willst – kostenlos',
  'auth.bullet.direct': 'Tausche direkt mit Leuten in deiner Nähe, ganz ohne Geld',
  'auth.bullet.chat': 'Besprich jedes Angebot im Chat, bevor du zusagst',
  'auth.bullet.trust': 'Bewertungen und verifizierte Mitglieder, denen du vertrauen kannst',
  'auth.safeTitle': 'Schütze deine Zugangsdaten.',
  'auth.safeText':
    'Wir fragen nie per E-Mail, Telefon oder Nachricht nach deinem Passwort. Nutze ein Passwort, das du nirgends sonst verwendest, und gib es nie an andere Mitglieder weiter.',
  'auth.tabs': 'Anmelden oder Konto erstellen',
  'auth.signInTab': 'Anmelden',
  'auth.registerTab': 'Konto erstellen',
  'signIn.form': 'Anmelden',
  'signIn.submit': 'Anmelden',
  'signIn.pending': 'Anmeldung läuft...',
  'signIn.welcomeBack': 'Willkommen zurück!',
  'signIn.failedTitle': 'Anmeldung fehlgeschlagen',
  'signIn.failedText':
    'Bitte prüfe E-Mail-Adresse und Passwort. Wenn du noch kein Konto hast, erstelle eins im Tab „Konto erstellen“.',
  'field.email': 'E-Mail',
  'field.password': 'Passwort',

  'category.2': 'Elektronik',
  'category.3': 'Kleidung',
  'category.4': 'Haus & Garten',
  'category.5': 'Bücher & Medien',
  'category.6': 'Sport',
  'category.7': 'Spielzeug & Spiele',
  'category.8': 'Sammlerstücke',
  'category.9': 'Küche',
  'category.10': 'Gesundheit & Schönheit',
  'category.11': 'Auto & Motorrad',

  'count.listings': '{count, plural, one {# Anzeige} other {# Anzeigen}}',

  'api.signInRequired': 'Bitte melde dich an, um fortzufahren',
  'api.invalidCredentials': 'E-Mail-Adresse oder Passwort ist falsch',
  'api.emailTaken': 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse',
  'api.nicknameTaken': 'Dieser Spitzname ist schon vergeben',
  'api.invalidEmail': 'Ungültige E-Mail-Adresse',
  'api.firstNameRequired': 'Vorname ist erforderlich',
  'api.lastNameRequired': 'Nachname ist erforderlich',
  'api.nicknameRequired': 'Spitzname ist erforderlich',
  'api.passwordShort': 'Das Passwort muss mindestens 6 Zeichen lang sein',
  'api.agreeTerms': 'Du musst den Nutzungsbedingungen zustimmen',
  'api.resetLinkInvalid':
    'Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen.',
  'api.verifyLinkInvalid': 'Dieser Bestätigungslink ist ungültig oder abgelaufen.',
  'api.tooManySignIns':
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte ein paar Minuten und versuche es erneut.',
  'api.tooManyAccounts':
    'Zu viele neue Konten aus diesem Netzwerk. Bitte versuche es später erneut.',
  'api.tooManyLinks':
    'Wir haben schon mehrere Links geschickt. Bitte sieh in deinem Posteingang nach und versuche es später erneut.',
  'api.slowDown': 'Nicht so schnell',
  'api.itemNotFound': 'Artikel nicht gefunden',
  'api.userNotFound': 'Mitglied nicht gefunden',
  'api.notFound': 'Nicht gefunden',
  'api.titleRequired': 'Titel ist erforderlich',
  'api.descriptionRequired': 'Beschreibung ist erforderlich',
  'api.selectCategory': 'Bitte wähle eine Kategorie',
  'api.selectCondition': 'Bitte wähle einen Zustand',
  'api.maxImages': 'Höchstens 5 Bilder erlaubt',
  'api.bannedWord': 'Artikel mit „{word}“ dürfen nicht getauscht werden',
  'api.badRequest': 'Ungültige Anfrage',
  'api.invalidRequest': 'Ungültige Anfrage',
  'api.bodyTooLarge': 'Die Anfrage ist zu groß',
  'api.crossSite': 'Anfragen von anderen Websites sind nicht erlaubt',
  'api.internal': 'Interner Serverfehler',
  'api.unavailable':
    'Der Dienst ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
  // After a count in the navigation (offers, matches): how many are new, for screen readers
  'nav.new': 'neu',
  'avatar.label': 'Profilbild',
  'footer.pageViews': 'Seitenaufrufe',
  'footer.visits': '{count, plural, one {# Besuch} other {# Besuche}}',
  'offline.title': 'Du bist offline.',
  'offline.text': 'Was eine Verbindung braucht, kommt zurück, sobald du wieder online bist.',
  // Screens' areas (./areas/*.ts), one spread each: every language of a screen side by side
  ...notFound.de,
  ...memberHome.de,
  ...emails.de,
  ...notifications.de,
  ...manifest.de,
  ...moderationNotices.de,
  ...serverPages.de,
  ...offers.de,
  ...giveaways.de,
  ...offerDialogs.de,
  ...chat.de,
  ...matches.de,
  ...swapFor.de,
  ...rounds.de,
  ...admin.de,
  ...featured.de,
  ...browse.de,
  ...listing.de,
  ...listingForm.de,
  ...wants.de,
  ...saved.de,
  ...register.de,
  ...account.de,
  ...signInPrompt.de,
  ...profile.de,
  ...reports.de,
  ...listingOwner.de,
  ...alerts.de,
  ...circles.de,
  ...inbox.de,
  ...notificationSettings.de,
  ...problems.de,
  ...info.de,
  ...dialogs.de,
};
