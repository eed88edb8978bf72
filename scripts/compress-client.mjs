/**
 * Writes .br and .gz beside every text asset of the built client, so the server hands browsers
 * compressed files without compressing on each request (@fastify/static `preCompressed`).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/client');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of files(root)) {
  if ((await stat(file)).size < 1024) continue;
  const bytes = await readFile(file);
  await writeFile(
    `${file}.br`,
    await brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${file}.gz`, await gzip(bytes, { level: 9 }));
  count++;
}
console.info(`compressed ${count} client files`);
