import { crc32 } from 'node:zlib';
import sharp from 'sharp';

const toDataUrl = (mime: string, bytes: Buffer) =>
  `data:${mime};base64,${bytes.toString('base64')}`;

/** A real JPEG; with `gps`, it carries EXIF GPS coordinates like a phone photo. */
export async function jpegDataUrl(
  width = 1200,
  height = 900,
  options: { gps?: boolean } = {},
): Promise<string> {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 120, b: 110 } },
  }).jpeg();
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'TestPhone', Model: 'GPS Leaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    });
  }
  return toDataUrl('image/jpeg', await image.toBuffer());
}

export async function pngDataUrl(width = 40, height = 40): Promise<string> {
  const png = await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
  return toDataUrl('image/png', png);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A few bytes whose header claims 16000×16000 pixels: a decompression bomb's calling card. */
export function hugePngDataUrl(): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16_000, 0);
  header.writeUInt32BE(16_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return toDataUrl('image/png', png);
}

export const svgDataUrl = toDataUrl(
  'image/svg+xml',
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
  ),
);

export const htmlAsPngDataUrl = toDataUrl(
  'image/png',
  Buffer.from('<html><script>alert(1)</script></html>'),
);

/** A small seeded generator, so a test's pictures are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/**
 * A photo-like JPEG, different for every seed: a two-colour gradient at a random angle under
 * random ellipses and rectangles, with blurred noise for texture. Used to test the perceptual
 * hash, where pictures of one flat colour would all look alike.
 */
export async function photoLike(seed: number, width = 1200, height = 900): Promise<Buffer> {
  const random = seeded(seed);
  const colour = () =>
    `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  const shapes: string[] = [];
  for (let i = 0; i < 12; i++) {
    const [x, y, w, h] = [
      random() * width,
      random() * height,
      random() * 400 + 40,
      random() * 300 + 40,
    ];
    shapes.push(
      random() < 0.5
        ? `<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${h / 2}" fill="${colour()}"/>`
        : `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" fill="${colour()}" transform="rotate(${random() * 90} ${x} ${y})"/>`,
    );
  }
  const angle = random() * 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(random() * 256);
  const texture = await sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(3)
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: texture, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export const jpegAsDataUrl = (bytes: Buffer) => toDataUrl('image/jpeg', bytes);
