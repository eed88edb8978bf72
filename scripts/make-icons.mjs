/**
 * Draws the app icons of the web app manifest (client/public/icons) from the brand mark of
 * client/public/favicon.svg, with sharp. Run after changing the mark: `node scripts/make-icons.mjs`
 * (the PNGs are committed, so a build needs no image tools).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const BRAND = '#0f766e'; // --color-brand-700 in client/app/styles.css
const out = path.resolve('client/public/icons');
const arrows =
  '<path d="M9 12h12l-3-3M23 20H11l3 3" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>';

/** The favicon's rounded tile, as "any"-purpose icons show it. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/>${arrows}</svg>`;
/**
 * Maskable: the platform cuts its own shape out of a full-bleed square, keeping at least the
 * middle 80 % (a circle of radius 0.4): the mark is shrunk to sit well inside it.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)">${arrows}</g></svg>`;

await mkdir(out, { recursive: true });
const icons = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-512.png', maskable, 512],
  ['maskable-192.png', maskable, 192],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
}
console.info(`wrote ${icons.length} icons to ${out}`);
