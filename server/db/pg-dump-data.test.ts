import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pgDumpMigrations, pgDumpSections } from './pg-dump-data.js';
import { lines, RestoreError } from './snapshot.js';

/** pg_restore's data-only text, as the restore reads it: rows taken, nothing else run. */

const HEAD = `--
-- PostgreSQL database dump
--

\\restrict AbC123

SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SELECT pg_catalog.set_config('search_path', '', false);
SET row_security = off;
`;

const reader = (text: string) => lines(Readable.from([Buffer.from(text)]));
const done = async () => {};

/** Every section's header and rows, and the sequences, as the restore would see them. */
async function read(text: string) {
  const input = reader(text);
  const sections = pgDumpSections(input, done);
  const seen: Array<{ table: string; columns: string[]; rows: string[] }> = [];
  for (let s = await sections.nextSection(); s; s = await sections.nextSection()) {
    const rows: string[] = [];
    for (let line = await input.next(); !line.done; line = await input.next()) {
      if (line.value.toString() === '\\.') break;
      rows.push(line.value.toString());
    }
    seen.push({ table: `${s.schema}.${s.name}`, columns: s.columns, rows });
  }
  return { seen, sequences: sections.sequences() };
}

describe('pg_restore --data-only text', () => {
  it('gives each COPY section and the sequences, passing over comments and settings', async () => {
    const { seen, sequences } = await read(`${HEAD}
--
-- Data for Name: want_phrases; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.want_phrases (id, "position", phrase) FROM stdin;
1\t0\tbrass lamp
2\t1\ta "quoted" one
\\.


COPY "Odd ""Schema"""."Table" ("Col") FROM stdin;
\\.

SELECT pg_catalog.setval('public.want_phrases_id_seq', 2, true);
SELECT pg_catalog.setval('public.items_id_seq', 1, false);
SELECT pg_catalog.setval('public.rounds_id_seq', 7, false);

\\unrestrict AbC123
`);
    expect(seen).toEqual([
      {
        table: 'public.want_phrases',
        columns: ['id', 'position', 'phrase'],
        rows: ['1\t0\tbrass lamp', '2\t1\ta "quoted" one'],
      },
      { table: 'Odd "Schema".Table', columns: ['Col'], rows: [] },
    ]);
    expect(sequences).toEqual([
      { schema: 'public', name: 'want_phrases_id_seq', lastValue: '2' },
      { schema: 'public', name: 'items_id_seq', lastValue: null },
      { schema: 'public', name: 'rounds_id_seq', lastValue: '6' },
    ]);
  });

  it.each([
    ["COPY (select 1) TO PROGRAM 'touch /tmp/x';"],
    ["CREATE FUNCTION public.f() RETURNS int LANGUAGE c AS '/lib/x.so', 'f';"],
    ["SELECT pg_catalog.lo_create('16385');"],
    ['COPY public.users (id) FROM stdin; DROP TABLE items;'],
    ["COPY public.users (id) FROM PROGRAM 'sh';"],
    ['\\! touch /tmp/x'],
    ['RESET ROLE;'],
  ])('refuses any other statement: %s', async (statement) => {
    await expect(read(`${HEAD}\n${statement}\n`)).rejects.toThrow(
      /holds SQL that is not table data .* runs none of its SQL.* Nothing was restored\./,
    );
  });

  it('refuses text in another encoding than UTF-8', async () => {
    await expect(read(HEAD.replace("'UTF8'", "'LATIN1'"))).rejects.toThrow(RestoreError);
  });

  it("reads drizzle's record of migrations, in order", async () => {
    const text = `${HEAD}
COPY drizzle.__drizzle_migrations (id, hash, created_at) FROM stdin;
2\tbbb\t1795320152102
1\taaa\t1795320149877
\\.

SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 2, true);
`;
    expect(await pgDumpMigrations(reader(text), done)).toEqual([
      { hash: 'aaa', createdAt: '1795320149877' },
      { hash: 'bbb', createdAt: '1795320152102' },
    ]);
    await expect(
      pgDumpMigrations(reader(text.replace('1795320149877', 'soon')), done),
    ).rejects.toThrow(/record of migrations holds a row SwapMarket never writes/);
  });

  it("waits for pg_restore's verdict at the end", async () => {
    const failed = async () => {
      throw new RestoreError('pg_restore could not read it');
    };
    const sections = pgDumpSections(reader(HEAD), failed);
    await expect(sections.nextSection()).rejects.toThrow('pg_restore could not read it');
  });
});
