import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../paths.js';
import { roundWantList, usernames } from './rounds.solve.js';

/**
 * The solver's worker thread as the built server runs it: the JavaScript tsc writes (dist/server)
 * loads the thread's .js beside it with plain Node, no loader (solve-worker.test.ts runs it from
 * the TypeScript source). The host and the thread, and what they import, are compiled as
 * `npm run build:server` compiles them (tsconfig.server.json), into a folder under node_modules
 * so that packages resolve.
 */
const entries = [
  { id: 1, userId: 'ann', title: 'Lamp', wants: [2], eligible: true },
  { id: 2, userId: 'bob', title: 'Tent', wants: [3], eligible: true },
  { id: 3, userId: 'cat', title: 'Chess', wants: [1], eligible: true },
];
const names = usernames(entries, new Map());
const request = {
  text: roundWantList({ id: 1, title: 'Three', seed: 7 }, entries, names),
  names: [...names],
  options: { seed: 7, maxLoopLength: null, timeLimitMs: 5_000 },
};

const buildDir = path.join(projectRoot, 'node_modules', '.cache', `solve-worker-${process.pid}`);
afterAll(() => rm(buildDir, { recursive: true, force: true }));

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe("the solver's worker thread, built", () => {
  it('solves from the built JavaScript, with plain Node', async () => {
    await mkdir(buildDir, { recursive: true });
    const tsconfig = path.join(buildDir, 'tsconfig.json');
    await writeFile(
      tsconfig,
      JSON.stringify({
        extends: path.join(projectRoot, 'tsconfig.server.json'),
        compilerOptions: { outDir: path.join(buildDir, 'dist'), sourceMap: false },
        include: [],
        files: ['solve-worker.ts', 'solve-thread.ts'].map((f) =>
          path.join(projectRoot, 'server', 'features', 'rounds', f),
        ),
      }),
    );
    const tsc = path.join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const built = await run(process.execPath, [tsc, '-p', tsconfig]);
    expect(built.code, built.output).toBe(0);
    const host = pathToFileURL(
      path.join(buildDir, 'dist', 'server', 'features', 'rounds', 'solve-worker.js'),
    ).href;
    const script = `
      import { solveInWorker } from ${JSON.stringify(host)};
      const solution = await solveInWorker(${JSON.stringify(request)});
      console.log(JSON.stringify(solution.result));`;
    // Plain Node: no tsx, no loader flags inherited from this test's process.
    const solved = await run(process.execPath, ['--input-type=module', '-e', script]);
    expect(solved.code, solved.output).toBe(0);
    expect(JSON.parse(solved.output)).toMatchObject({ itemsTraded: 3, loops: 1, optimal: true });
  }, 120_000);
});
