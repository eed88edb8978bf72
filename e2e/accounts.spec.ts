import { expect, test } from '@playwright/test';
import { expectAccessible, linkFromOutbox, newMember, registerThroughUi } from './support';

test('register, see the signed-in header, log out', async ({ page }) => {
  const member = newMember();
  await registerThroughUi(page, member);
  const header = page.getByRole('banner');
  await expect(header.getByText('FREE', { exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Offers' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(member.nickname, { exact: true })).toBeVisible();
  await expect(menu.getByText(member.email)).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Log out' }).click();

  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByText('FREE', { exact: true })).toHaveCount(0);
});

test('a wrong password shows the spec message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Sign In Failed')).toBeVisible();
  await expect(
    page.getByText(
      "Please check your email and password. If you don't have an account yet, use the Register tab to create one.",
    ),
  ).toBeVisible();
});

test('an existing email is told so and sent back to sign in', async ({ page, request }) => {
  const member = newMember();
  await request.post('/api/register', { data: { ...member, agreeToTerms: true } });
  await page.goto('/auth?mode=register');
  await page.getByLabel('First Name').fill('Other');
  await page.getByLabel('Last Name').fill('Person');
  await page.getByLabel('Nickname').fill(`${member.nickname}x`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('another1');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account Already Exists')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute(
    'aria-selected',
    'true',
    { timeout: 5000 },
  );
});

test('reset the password through the emailed link', async ({ page, request }) => {
  const member = newMember();
  await request.post('/api/register', { data: { ...member, agreeToTerms: true } });

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(member.email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByText(/we have emailed it a link/)).toBeVisible();

  const link = await linkFromOutbox(member.email, '/reset-password');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('New Password', { exact: true }).fill('new-secret-1');
  await page.getByLabel('Confirm New Password').fill('new-secret-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password Reset Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 5000 });

  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('new-secret-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('the emailed verification link makes the account verified', async ({ page }) => {
  const member = newMember();
  await registerThroughUi(page, member);
  const link = await linkFromOutbox(member.email, '/verify-email');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  const me = await page.request.get('/api/auth/user');
  expect((await me.json()).isMember).toBe(true);
});

test('signed-in visitors are sent from /auth to /', async ({ page }) => {
  await registerThroughUi(page, newMember());
  await page.goto('/auth');
  await expect(page).toHaveURL('/');
});

test('the auth and reset screens pass axe-core', async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  for (const url of [
    '/auth',
    '/auth?mode=register',
    '/reset-password',
    '/reset-password?token=x',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('main')).toBeVisible();
    await expectAccessible(page);
  }
  await context.close();
});
