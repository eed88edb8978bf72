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

  // The register form in Arabic: its email and password fields are converted, the rest not yet.
  const member = newMember();
  await page.goto('/auth?mode=register');
  await page.getByLabel('First Name').fill(member.firstName);
  await page.getByLabel('Last Name').fill(member.lastName);
  await page.getByLabel('Nickname').fill(member.nickname);
  await page.getByLabel('البريد الإلكتروني').fill(member.email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(member.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
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
