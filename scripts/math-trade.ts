/**
 * Runs a math trade from a TradeMaximizer want-list file and prints the report:
 *   npm run --silent math-trade -- [--max-cycle N] [--seed S] [--time-limit SECONDS] FILE
 * FILE may be "-" for standard input. Exit status: 0 with a report, 1 when the file cannot be
 * read or solved, 2 on bad arguments; errors are one line on standard error.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { SolverInputError } from '../server/features/rounds/solver/instance.js';
import { solveTrade } from '../server/features/rounds/solver/solve.js';
import {
  parseWantList,
  solverOptionsOf,
} from '../server/features/rounds/want-list/parse-want-list.js';
import { writeReport } from '../server/features/rounds/want-list/write-report.js';

const USAGE =
  'usage: npm run --silent math-trade -- [--max-cycle N] [--seed S] [--time-limit SECONDS] FILE';

class UsageError extends Error {}

type Arguments = { file: string; maxCycle?: number; seed?: number; timeLimitMs?: number };

function readArguments(argv: string[]): Arguments | 'help' {
  let parsed: ReturnType<
    typeof parseArgs<{
      options: {
        'max-cycle': { type: 'string' };
        seed: { type: 'string' };
        'time-limit': { type: 'string' };
        help: { type: 'boolean'; short: 'h' };
      };
      allowPositionals: true;
    }>
  >;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        'max-cycle': { type: 'string' },
        seed: { type: 'string' },
        'time-limit': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new UsageError('expected exactly one want-list file');
  const integer = (name: string, text: string | undefined, min: number) => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < min)
      throw new UsageError(`--${name} must be an integer of at least ${min}, not "${text}"`);
    return Number(text);
  };
  const seconds = values['time-limit'];
  if (seconds !== undefined && !(Number(seconds) > 0))
    throw new UsageError(`--time-limit must be a positive number of seconds, not "${seconds}"`);
  return {
    file: positionals[0] ?? '',
    maxCycle: integer('max-cycle', values['max-cycle'], 2),
    seed: integer('seed', values.seed, 0),
    timeLimitMs: seconds === undefined ? undefined : Number(seconds) * 1000,
  };
}

async function readInput(file: string): Promise<string> {
  if (file !== '-') return readFile(file, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<number> {
  let args: Arguments | 'help';
  try {
    args = readArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`math-trade: ${error.message}\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let text: string;
  try {
    text = await readInput(args.file);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    console.error(`math-trade: cannot read ${args.file} (${reason})`);
    return 1;
  }
  const parsed = parseWantList(text);
  const fromFile = solverOptionsOf(parsed.options);
  const result = await solveTrade(parsed.input, {
    ...fromFile,
    ...(args.seed !== undefined ? { seed: args.seed } : {}),
    ...(args.maxCycle !== undefined ? { maxCycle: args.maxCycle } : {}),
    ...(args.timeLimitMs !== undefined ? { timeLimitMs: args.timeLimitMs } : {}),
  });
  process.stdout.write(writeReport(parsed, result, { maxCycle: args.maxCycle }));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      `math-trade: ${error instanceof SolverInputError || error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
