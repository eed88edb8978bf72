/**
 * Fills a running SwapMarket with a few demo members and listings through its own API:
 * `npm run seed-demo -- http://localhost:3000`. Every demo member's password is "swapdemo".
 */
import sharp from 'sharp';

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/+$/, '');
const PASSWORD = 'swapdemo';

async function photo(rgb: [number, number, number], label: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="675"><rect width="100%" height="100%" fill="rgb(${rgb.join(',')})"/><text x="50%" y="50%" font-family="sans-serif" font-size="64" fill="white" text-anchor="middle" dominant-baseline="middle">${label}</text></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

async function signIn(nickname: string, firstName: string, lastName: string): Promise<string> {
  const email = `${nickname}@demo.swapmarket.test`;
  const headers = { 'content-type': 'application/json' };
  let response = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      firstName,
      lastName,
      nickname,
      email,
      password: PASSWORD,
      agreeToTerms: true,
    }),
  });
  if (response.status === 409) {
    response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
  }
  if (!response.ok) throw new Error(`${nickname}: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function main() {
  const sam = await signIn('sam', 'Sam', 'Okafor');
  const priya = await signIn('priya', 'Priya', 'Shah');
  const listings: Array<[string, Record<string, unknown>]> = [
    [
      sam,
      {
        title: 'Brass telescope',
        description:
          'A 1970s brass telescope on a wooden tripod. Clear optics, a few scratches on the tube.',
        categoryId: 8,
        condition: 'good',
        wantedItems: 'A record player',
        location: 'Manchester',
        estimatedValue: '£80',
        images: [await photo([120, 90, 40], 'Telescope'), await photo([40, 60, 90], 'Tripod')],
      },
    ],
    [
      sam,
      {
        title: 'Road bike, 54 cm',
        description: 'Aluminium frame, 18 gears, new tyres last spring.',
        categoryId: 6,
        condition: 'like-new',
        isOpenToOffers: true,
        location: 'Leeds',
        images: [await photo([170, 40, 40], 'Road bike')],
      },
    ],
    [
      priya,
      {
        title: 'Cast iron skillet',
        description: 'Seasoned 26 cm skillet, works on induction.',
        categoryId: 9,
        condition: 'good',
        wantedItems: 'Board games',
        location: 'Bristol',
        estimatedValue: '£25',
        images: [],
      },
    ],
    [
      priya,
      {
        title: 'Harry Potter box set',
        description: 'All seven paperbacks, read once, no creases.',
        categoryId: 5,
        condition: 'like-new',
        wantedItems: 'Any science fiction novels',
        location: 'Cardiff, Wales',
        images: [await photo([90, 30, 120], 'Books')],
      },
    ],
  ];
  for (const [cookie, body] of listings) {
    const response = await fetch(`${base}/api/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${body.title}: ${response.status} ${await response.text()}`);
    console.info(`Listed "${body.title}"`);
  }
  console.info(
    `Demo members: sam@demo.swapmarket.test and priya@demo.swapmarket.test, password "${PASSWORD}"`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
