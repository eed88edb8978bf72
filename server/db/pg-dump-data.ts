import { RestoreError, type SnapshotMigration, type SnapshotSequence } from './snapshot.js';
import type { TableSection } from './snapshot-restore.js';

/**
 * Reads the table data of a pg_dump file as `pg_restore --data-only --file=-` prints it, without
 * running any of it (issue 36 §7): its `COPY table (columns) FROM stdin;` lines name the sections
 * that snapshot.ts loads into the schema SwapMarket's migrations build, its `setval` lines give
 * the sequences' values, and the settings pg_restore prints first are passed over. Any other line
 * stops the restore: a pg_dump file's SQL would run with the restoring connection's rights, and a
 * superuser's `COPY ... TO PROGRAM` runs shell commands.
 *
 * pg_dump writes every identifier either bare (lower case, digits, _ and $) or double-quoted.
 */
const IDENTIFIER = `(?:"(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)`;
const COPY_HEADER = new RegExp(
  String.raw`^COPY (${IDENTIFIER})\.(${IDENTIFIER}) \((${IDENTIFIER}(?:, ${IDENTIFIER})*)\) FROM stdin;$`,
);
const QUALIFIED = new RegExp(String.raw`^(${IDENTIFIER})\.(${IDENTIFIER})$`);
const SETVAL = /^SELECT pg_catalog\.setval\('((?:[^']|'')+)', (\d{1,19}), (true|false)\);$/;
/** What pg_restore prints around the data: comments, settings, its \restrict guard. */
const PASSED_OVER = [
  /^$/,
  /^--/,
  /^\\(?:un)?restrict [A-Za-z0-9]+$/,
  /^SET [a-z_]+ = [^;]*;$/,
  /^SELECT pg_catalog\.set_config\('search_path', '', false\);$/,
];

const unquote = (identifier: string) =>
  identifier.startsWith('"') ? identifier.slice(1, -1).replaceAll('""', '"') : identifier;

function refuse(line: string): never {
  const shown = line.replace(/\p{Cc}/gu, ' ').trim();
  throw new RestoreError(
    `This pg_dump file holds SQL that is not table data ("${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown}"). SwapMarket takes only its tables' rows from a pg_dump file and runs none of its SQL: this file was not made by npm run backup, or it was changed since. Nothing was restored.`,
  );
}

export type PgDumpSections = {
  nextSection: () => Promise<TableSection | undefined>;
  sequences: () => SnapshotSequence[];
};

/**
 * The sections of pg_restore's data-only text in `reader`. `finished` is awaited at the end of
 * the text and rejects when pg_restore did not read the whole file.
 */
export function pgDumpSections(
  reader: AsyncGenerator<Buffer>,
  finished: () => Promise<void>,
): PgDumpSections {
  const sequences: SnapshotSequence[] = [];
  return {
    sequences: () => sequences,
    async nextSection() {
      for (let next = await reader.next(); !next.done; next = await reader.next()) {
        const line = next.value.toString('utf8');
        const copy = COPY_HEADER.exec(line);
        if (copy) {
          return {
            schema: unquote(copy[1] ?? ''),
            name: unquote(copy[2] ?? ''),
            columns: [...(copy[3] ?? '').matchAll(new RegExp(IDENTIFIER, 'g'))].map((m) =>
              unquote(m[0]),
            ),
          };
        }
        const setval = SETVAL.exec(line);
        if (setval) {
          const sequence = QUALIFIED.exec((setval[1] ?? '').replaceAll("''", "'"));
          if (!sequence) refuse(line);
          // setval(s, v, true): v was handed out; setval(s, v, false): v comes next.
          const value = BigInt(setval[2] ?? '0') - (setval[3] === 'true' ? 0n : 1n);
          sequences.push({
            schema: unquote(sequence[1] ?? ''),
            name: unquote(sequence[2] ?? ''),
            lastValue: value > 0n ? String(value) : null,
          });
          continue;
        }
        if (line.startsWith('SET client_encoding = ') && line !== "SET client_encoding = 'UTF8';") {
          throw new RestoreError(
            `This pg_dump file's text is not in UTF-8 (${line}); SwapMarket's databases are. Nothing was restored.`,
          );
        }
        if (!PASSED_OVER.some((pattern) => pattern.test(line))) refuse(line);
      }
      await finished();
      return undefined;
    },
  };
}

/**
 * Drizzle's record of the migrations the dumped database had run, from pg_restore's text of
 * `drizzle.__drizzle_migrations` alone: the schema to rebuild before any row is loaded.
 */
export async function pgDumpMigrations(
  reader: AsyncGenerator<Buffer>,
  finished: () => Promise<void>,
): Promise<SnapshotMigration[]> {
  const sections = pgDumpSections(reader, finished);
  const migrations: Array<SnapshotMigration & { id: number }> = [];
  for (let section = await sections.nextSection(); section; ) {
    const take = section.schema === 'drizzle' && section.name === '__drizzle_migrations';
    const [id, hash, createdAt] = ['id', 'hash', 'created_at'].map((c) =>
      section?.columns.indexOf(c),
    );
    for (let next = await reader.next(); ; next = await reader.next()) {
      if (next.done) {
        throw new RestoreError(
          'The pg_dump file ends inside a table: it is truncated or damaged. Nothing was restored.',
        );
      }
      const row = next.value.toString('utf8');
      if (row === '\\.') break;
      if (!take) continue;
      const fields = row.split('\t');
      const field = (i: number | undefined) => (i === undefined ? undefined : fields[i]);
      const [rowId, rowHash, rowCreatedAt] = [field(id), field(hash), field(createdAt)];
      if (!rowId || !rowHash || !rowCreatedAt || !/^\d+$/.test(rowId + rowCreatedAt)) {
        throw new RestoreError(
          `This pg_dump file's record of migrations holds a row SwapMarket never writes ("${row.slice(0, 80)}"). Nothing was restored.`,
        );
      }
      migrations.push({ id: Number(rowId), hash: rowHash, createdAt: rowCreatedAt });
    }
    section = await sections.nextSection();
  }
  return migrations.sort((a, b) => a.id - b.id).map(({ hash, createdAt }) => ({ hash, createdAt }));
}
