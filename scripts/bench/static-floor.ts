/**
 * The static floor: the limit for this machine. Bare `node:http` answering every measured read
 * with bytes already in memory: the app's own answers, captured once before the load (status,
 * content type and body byte for byte). No database, no JSON, no routing beyond a map lookup.
 * What separates the SQL floor (floor.ts) from this is the database round trip and the
 * serialisation; what separates the app from it is everything a real server does.
 *
 *   Run: tsx scripts/bench/static-floor.ts PORT ANSWERS_JSON
 *   ANSWERS_JSON: { "<path with query>": { "status": 200, "type": "...", "body": "<base64>" } }
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

export type CapturedAnswer = { status: number; type: string; body: string };

const [port = '4712', file = ''] = process.argv.slice(2);
const captured = JSON.parse(readFileSync(file, 'utf8')) as Record<string, CapturedAnswer>;
const answers = new Map<
  string,
  { status: number; headers: http.OutgoingHttpHeaders; body: Buffer }
>();
for (const [path, answer] of Object.entries(captured)) {
  const body = Buffer.from(answer.body, 'base64');
  answers.set(path, {
    status: answer.status,
    headers: { 'content-type': answer.type, 'content-length': body.length },
    body,
  });
}
const notFound = Buffer.from('{"message":"Not found"}');

http
  .createServer((req, res) => {
    const answer = answers.get(req.url ?? '/');
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json', 'content-length': notFound.length });
      res.end(notFound);
      return;
    }
    // Drain a request body (none is expected) so keep-alive connections stay usable.
    req.resume();
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  })
  .listen(Number(port), '127.0.0.1', () =>
    console.info(`static floor listening on ${port} with ${answers.size} answers`),
  );
