/**
 * Development aid: the functions a V8 .cpuprofile (node --cpu-prof) spent its time in, by self
 * and by total time, and the same grouped by package (or file of ours):
 *   npx tsx scripts/bench/cpu-profile-top.ts file.cpuprofile [rows=30] [from-ms] [to-ms]
 * `from-ms`/`to-ms` keep the samples in that window of the profile (ms since it started).
 */
import { readFileSync } from 'node:fs';

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

const [file, rowsArg = '30', fromArg, toArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-top.ts file.cpuprofile [rows] [from-ms] [to-ms]');
const rows = Number(rowsArg);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

/** Time per node id, from the samples (each sample's delta is the time until the next one). */
const selfUs = new Map<number, number>();
let at = 0;
const from = fromArg ? Number(fromArg) * 1000 : 0;
const to = toArg ? Number(toArg) * 1000 : Number.POSITIVE_INFINITY;
let total = 0;
profile.samples.forEach((id, k) => {
  at += profile.timeDeltas[k] ?? 0;
  if (at < from || at > to) return;
  const delta = profile.timeDeltas[k + 1] ?? 0;
  selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  total += delta;
});

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, 'nm:')
    .replace(/^.*\/dist\//, 'dist/');
const label = (frame: Frame) =>
  `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
const packageOf = (frame: Frame) => {
  const url = shortUrl(frame.url);
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.startsWith('nm:')) {
    const parts = url.slice(3).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  return url;
};

const self = new Map<string, number>();
const totalBy = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  self.set(label(node.callFrame), (self.get(label(node.callFrame)) ?? 0) + us);
  packages.set(packageOf(node.callFrame), (packages.get(packageOf(node.callFrame)) ?? 0) + us);
  // Total: every distinct function on the stack once.
  const seen = new Set<string>();
  for (let walk: number | undefined = id; walk !== undefined; walk = parent.get(walk)) {
    const frame = byId.get(walk)?.callFrame;
    if (!frame) break;
    const key = label(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    totalBy.set(key, (totalBy.get(key) ?? 0) + us);
  }
}

const show = (title: string, map: Map<string, number>) => {
  console.info(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.info(
      `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`,
    );
};
console.info(`${(total / 1000).toFixed(0)} ms sampled`);
show('self time by function', self);
show('self time by package or file', packages);
show('total time by function', totalBy);
