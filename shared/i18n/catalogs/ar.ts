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

/** Arabic (Modern Standard), written right to left: short, plain, the spec's meaning (issue 41). */
export const ar: Catalog = {
  'header.home': 'الصفحة الرئيسية لـ {siteName}',
  'header.social': 'تابعنا على وسائل التواصل الاجتماعي (يفتح في علامة تبويب جديدة)',
  'header.mainNav': 'الرئيسية',
  'header.loading': 'جارٍ التحميل...',
  'header.free': 'مجاني',
  'header.signIn': 'تسجيل الدخول',
  'header.register': 'إنشاء حساب',
  'header.accountMenu': 'قائمة الحساب',
  'nav.items': 'أغراضي',
  'nav.offers': 'العروض',
  'nav.matches': 'التطابقات',
  'nav.rounds': 'الجولات',
  'nav.savedItems': 'الأغراض المحفوظة',
  'nav.listItem': 'أضف غرضًا',
  'nav.help': 'المساعدة',
  'nav.contact': 'اتصل بنا',
  'nav.disclaimer': 'إخلاء المسؤولية',
  'nav.notifications': 'الإشعارات',
  'nav.wantAlerts': 'تنبيهات الطلبات',
  'nav.settings': 'الإعدادات',
  'nav.notificationSettings': 'إعدادات الإشعارات',
  'nav.howItWorks': 'كيف يعمل',
  'nav.profile': 'الملف الشخصي',
  'nav.logOut': 'تسجيل الخروج',
  'menu.open': 'فتح القائمة',
  'menu.close': 'إغلاق القائمة',
  'menu.title': 'القائمة',
  'menu.description': 'التنقل في الموقع',
  'menu.nav': 'الجوال',
  'footer.nav': 'التذييل',
  'footer.howItWorks': 'كيف يعمل',
  'footer.help': 'مركز المساعدة',
  'footer.contact': 'اتصل بنا',
  'footer.terms': 'الشروط',
  'footer.disclaimer': 'إخلاء المسؤولية',
  'footer.copyright': '© 2024 {siteName}. جميع الحقوق محفوظة.',
  'footer.language': 'اللغة',
  'layout.skipToContent': 'انتقل إلى المحتوى',

  'home.findHeading': 'اعثر على ما تبحث عنه',
  'home.findText': 'ابحث في كل الأغراض التي عرضها الأعضاء للمبادلة.',
  'home.goToSearch': 'اذهب إلى صفحة البحث',
  'home.tagline': 'بلا نقود. مبادلة فقط.',
  'home.heading': 'بادل كل ما لديك!',
  'home.intro': 'اعرض الأشياء التي لم تعد تحتاجها وبادلها بما تحتاجه، مع أشخاص من مجتمعك.',
  'home.learnHow': 'تعرّف على طريقة العمل',
  'home.startBrowsing': 'ابدأ التصفح',
  'home.categoriesHeading': 'تصفح حسب الفئة',
  'home.trustHeading': 'لماذا يُوثق بـ {siteName}',
  'home.trust.verified.title': 'نظام الأعضاء الموثّقين',
  'home.trust.verified.text':
    'يدفع الأعضاء الذين يعرضون أغراضًا رسم توثيق لمرة واحدة قدره 0.99 جنيه إسترليني للحد من الحسابات المزيفة، ويحملون شارة ✓ موثّق.',
  'home.trust.process.title': 'خطوات مبادلة واضحة',
  'home.trust.process.text':
    'العروض والردود والمحادثة في مكان واحد. اقبل أو ارفض، ثم حدّد المبادلة كمكتملة، وقيّما بعضكما.',
  'home.trust.safety.title': 'الأمان أولًا',
  'home.trust.safety.text':
    'تقييمات ومراجعات في كل ملف شخصي، وقواعد للأغراض الممنوعة، ومشرفون يتابعون البلاغات.',
  'home.safetyHeading': 'بادل بأمان',
  'home.tip.public': 'التقوا في أماكن عامة',
  'home.tip.friend': 'اصطحب صديقًا عند مبادلة الأغراض الثمينة',
  'home.tip.inspect': 'افحص الأغراض قبل المبادلة',
  'home.tip.banking': 'لا تشارك بياناتك المصرفية أبدًا',

  'auth.welcome': 'مرحبًا بك في {siteName}',
  'auth.intro': 'بادل ما لديك بما تريده، مع أشخاص بالقرب منك.',
  'auth.bullet.free': 'اعرض ما تشاء من الأغراض مجانًا',
  'auth.bullet.direct': 'بادل مباشرة مع أشخاص قريبين منك، دون نقود',
  'auth.bullet.chat': 'تحدّث عن كل عرض قبل أن توافق',
  'auth.bullet.trust': 'تقييمات وأعضاء موثّقون يمكنك الوثوق بهم',
  'auth.safeTitle': 'حافظ على بيانات دخولك آمنة.',
  'auth.safeText':
    'لن نطلب كلمة مرورك أبدًا عبر البريد الإلكتروني أو الهاتف أو الرسائل. استخدم كلمة مرور لا تستخدمها في أي مكان آخر، ولا تشاركها أبدًا مع عضو آخر.',
  'auth.tabs': 'سجّل الدخول أو أنشئ حسابًا',
  'auth.signInTab': 'تسجيل الدخول',
  'auth.registerTab': 'إنشاء حساب',
  'signIn.form': 'تسجيل الدخول',
  'signIn.submit': 'تسجيل الدخول',
  'signIn.pending': 'جارٍ تسجيل الدخول...',
  'signIn.welcomeBack': 'مرحبًا بعودتك!',
  'signIn.failedTitle': 'تعذّر تسجيل الدخول',
  'signIn.failedText':
    'يُرجى التحقق من بريدك الإلكتروني وكلمة المرور. إن لم يكن لديك حساب بعد، فاستخدم تبويب إنشاء حساب لإنشائه.',
  'field.email': 'البريد الإلكتروني',
  'field.password': 'كلمة المرور',

  'category.2': 'إلكترونيات',
  'category.3': 'ملابس',
  'category.4': 'المنزل والحديقة',
  'category.5': 'كتب ووسائط',
  'category.6': 'رياضة',
  'category.7': 'ألعاب',
  'category.8': 'مقتنيات',
  'category.9': 'المطبخ',
  'category.10': 'الصحة والجمال',
  'category.11': 'السيارات',

  'count.listings':
    '{count, plural, zero {لا إعلانات} one {إعلان واحد} two {إعلانان} few {# إعلانات} many {# إعلانًا} other {# إعلان}}',

  'api.signInRequired': 'يُرجى تسجيل الدخول للمتابعة',
  'api.invalidCredentials': 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  'api.emailTaken': 'يوجد حساب بهذا البريد الإلكتروني بالفعل',
  'api.nicknameTaken': 'هذا الاسم المستعار مستخدم بالفعل',
  'api.invalidEmail': 'عنوان البريد الإلكتروني غير صالح',
  'api.firstNameRequired': 'الاسم الأول مطلوب',
  'api.lastNameRequired': 'اسم العائلة مطلوب',
  'api.nicknameRequired': 'الاسم المستعار مطلوب',
  'api.passwordShort': 'يجب أن تتكون كلمة المرور من 6 أحرف على الأقل',
  'api.agreeTerms': 'يجب أن توافق على الشروط والأحكام',
  'api.resetLinkInvalid': 'رابط إعادة تعيين كلمة المرور غير صالح أو منتهي الصلاحية.',
  'api.verifyLinkInvalid': 'رابط التحقق غير صالح أو منتهي الصلاحية.',
  'api.tooManySignIns':
    'محاولات تسجيل دخول فاشلة كثيرة. يُرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.',
  'api.tooManyAccounts': 'حسابات جديدة كثيرة من هذه الشبكة. يُرجى المحاولة لاحقًا.',
  'api.tooManyLinks': 'أرسلنا عدة روابط بالفعل. يُرجى التحقق من بريدك الوارد والمحاولة لاحقًا.',
  'api.slowDown': 'تمهّل قليلًا',
  'api.itemNotFound': 'الغرض غير موجود',
  'api.userNotFound': 'العضو غير موجود',
  'api.notFound': 'غير موجود',
  'api.titleRequired': 'العنوان مطلوب',
  'api.descriptionRequired': 'الوصف مطلوب',
  'api.selectCategory': 'يُرجى اختيار فئة',
  'api.selectCondition': 'يُرجى اختيار الحالة',
  'api.maxImages': 'الحد الأقصى 5 صور',
  'api.bannedWord': 'الأغراض التي تحتوي على "{word}" غير مسموح بمبادلتها',
  'api.badRequest': 'طلب غير صالح',
  'api.invalidRequest': 'طلب غير صالح',
  'api.bodyTooLarge': 'حجم الطلب كبير جدًا',
  'api.crossSite': 'الطلبات من مواقع أخرى غير مسموح بها',
  'api.internal': 'خطأ داخلي في الخادم',
  'api.unavailable': 'الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد قليل.',
  // After a count in the navigation (offers, matches): how many are new, for screen readers
  'nav.new': 'جديدة',
  'avatar.label': 'الصورة الرمزية',
  'footer.pageViews': 'مشاهدات الصفحات',
  'footer.visits':
    '{count, plural, zero {# زيارة} one {زيارة واحدة} two {زيارتان} few {# زيارات} many {# زيارة} other {# زيارة}}',
  'offline.title': 'أنت غير متصل.',
  'offline.text': 'ما يحتاج إلى اتصال يعود عندما تتصل مرة أخرى.',
  // Screens' areas (./areas/*.ts), one spread each: every language of a screen side by side
  ...notFound.ar,
  ...memberHome.ar,
  ...emails.ar,
  ...notifications.ar,
  ...manifest.ar,
  ...moderationNotices.ar,
  ...serverPages.ar,
  ...offers.ar,
  ...giveaways.ar,
  ...offerDialogs.ar,
  ...chat.ar,
  ...matches.ar,
  ...swapFor.ar,
  ...rounds.ar,
  ...admin.ar,
  ...featured.ar,
  ...browse.ar,
  ...listing.ar,
  ...listingForm.ar,
  ...wants.ar,
  ...saved.ar,
  ...register.ar,
  ...account.ar,
  ...signInPrompt.ar,
  ...profile.ar,
  ...reports.ar,
  ...listingOwner.ar,
  ...alerts.ar,
  ...circles.ar,
  ...inbox.ar,
  ...notificationSettings.ar,
  ...problems.ar,
  ...info.ar,
  ...dialogs.ar,
};
