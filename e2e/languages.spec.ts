import { expect, test } from '@playwright/test';
import { expectAccessible, newMember, shootAtWidths } from './support';

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
