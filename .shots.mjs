import { chromium, request as pwRequest } from '@playwright/test';
const base = 'http://127.0.0.1:4613';
const out = '/tmp/cshots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function person(nickname, email, extra = {}) {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, ...extra });
  const r = await ctx.request.post('/api/register', { data: { firstName: 'Test', lastName: 'Person', nickname, email, password: 'password1', agreeToTerms: true } });
  const user = await r.json();
  return { ctx, user };
}
const ada = await person('ada', 'ada@shots.test');
const bob = await person('bob', 'bob@shots.test');
const admin = await person('moderator', 'admin@shots.test');
const list = async (who, title, location, desc = 'In good working order, collect any evening.') => (await (await who.ctx.request.post('/api/items', { data: { title, description: desc, condition: 'good', categoryId: 6, location } })).json());
const harmonium = await list(ada, 'Harmonium, foot-pumped', 'York');
const bike1 = await list(bob, 'Road bike, 54 cm frame', 'York');
const bike2 = await list(bob, 'Folding bike', 'Harrogate');
const bike3 = await list(bob, 'Kids bike with stabilisers', 'Leeds');
const bobsLamp = await list(bob, 'Brass desk lamp', 'Leeds');
// Bob offers on Ada's harmonium, and messages
const offer = await (await bob.ctx.request.post('/api/swap-requests', { data: { itemId: harmonium.id, message: 'Would you take my desk lamp?', offeredItemId: bobsLamp.id } })).json();
await bob.ctx.request.post(`/api/swap-requests/${offer.id}/messages`, { data: { content: 'I can bring it on Saturday.' } });
// Ada saves alerts; Bob lists a matching item afterwards
await ada.ctx.request.post('/api/saved-searches', { data: { search: 'bike', near: 'Leeds', radiusKm: 50, frequency: 'instant' } });
await ada.ctx.request.post('/api/saved-searches', { data: { search: 'telescope', frequency: 'daily' } });
await list(bob, 'Mountain bike, 21 gears', 'Wakefield');
// Ada reports Bob
await ada.ctx.request.post(`/api/users/${bob.user.id}/report`, { data: { reason: 'harassment', description: 'Keeps messaging me late at night about the harmonium.' } });
await new Promise((r) => setTimeout(r, 2000));

async function shoot(who, path, name, { width = 1280, before } = {}) {
  const page = await who.ctx.newPage();
  await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  if (before) await before(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: !before });
  await page.close();
}
for (const width of [1280, 375]) {
  await shoot(ada, '/browse?search=bike&near=Leeds&radiusKm=50&sort=distance', 'browse-near', { width });
  await shoot(ada, '/browse', 'bell-open', { width, before: async (p) => { await p.getByRole('button', { name: /^Notifications/ }).click(); await p.getByRole('dialog').waitFor(); } });
  await shoot(ada, '/notifications', 'notifications', { width });
  await shoot(ada, '/settings/notifications', 'settings', { width });
  await shoot(ada, '/alerts', 'alerts', { width });
  await shoot(ada, `/profile/${bob.user.id}`, 'report-member', { width, before: async (p) => { await p.getByRole('button', { name: 'Report this member' }).click(); await p.getByRole('dialog').waitFor(); } });
  await shoot(admin, '/admin', 'admin-member-reports', { width, before: async (p) => { await p.getByRole('tab', { name: 'Reported Members' }).click(); await p.getByText('harassment', { exact: false }).first().waitFor(); await p.setViewportSize({ width, height: 1100 }); } });
  await shoot(ada, '/browse?search=bike', 'alert-dialog', { width, before: async (p) => { await p.getByRole('button', { name: 'Alert me about new matches' }).click(); await p.getByRole('dialog').waitFor(); } });
  await shoot(ada, '/browse?near=Atlantis', 'unknown-place', { width });
}
await browser.close();
console.log('done');
