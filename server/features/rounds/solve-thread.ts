/**
 * The round solver's worker thread: solve-worker.ts starts one per solve with the round's
 * want-list file, its usernames and the solver's options, and gets back the legs, the figures and
 * the report (or the error's message). The thread does nothing else; its event loop is its own,
 * so however long the solver computes, the app server's requests are not held up.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { solveRoundWantList } from './rounds.solve.js';
import type { SolveReply, SolveRequest } from './solve-worker.js';

const request = workerData as SolveRequest;
const reply = (message: SolveReply) => parentPort?.postMessage(message);

solveRoundWantList(request.text, new Map(request.names), request.options).then(
  ({ legs, result, report }) => reply({ ok: true, solution: { legs, result, report } }),
  (error: unknown) =>
    reply({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
