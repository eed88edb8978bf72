import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

function majorMinor(version: string): [number, number] {
  const [major = '0', minor = '0'] = version.replace(/^[^\d]*/, '').split('.');
  return [Number(major), Number(minor)];
}

describe('the runtime the project brings (decision 009)', () => {
  it('runs every npm script on a Node at least as new as engines says', () => {
    const [needMajor, needMinor] = majorMinor(manifest.engines.node);
    const [major, minor] = majorMinor(process.versions.node);
    expect(major > needMajor || (major === needMajor && minor >= needMinor)).toBe(true);
  });

  it('pins one Node version for every platform package, and it satisfies engines', () => {
    const versions = new Set(
      Object.entries(manifest.optionalDependencies)
        .filter(([name]) => /^node-(linux|darwin)-/.test(name))
        .map(([, version]) => version),
    );
    expect(versions.size).toBe(1);
    const [pinned] = [...versions];
    const [needMajor, needMinor] = majorMinor(manifest.engines.node);
    const [major, minor] = majorMinor(pinned ?? '0');
    expect(major > needMajor || (major === needMajor && minor >= needMinor)).toBe(true);
  });
});
