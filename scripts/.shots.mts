import { chromium } from '@playwright/test';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
for (const [w, h, tag] of [
  [375, 812, 'm'],
  [1280, 900, 'd'],
] as const) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  for (const [name, url] of [
    ['home', '/'],
    ['browse', '/browse'],
    ['item', '/item/4242'],
    ['auth', '/auth'],
  ]) {
    await page.goto(`http://127.0.0.1:4619${url}`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/front-shot-${name}-${tag}.png` });
  }
  await page.close();
}
await browser.close();
