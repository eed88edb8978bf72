import { describe, expect, it } from 'vitest';
import { renderFrontend } from './report-frontend.js';

describe('renderFrontend (issue 19 §4)', () => {
  it("reports each page's median with the host's CPU benchmark Lighthouse measured", () => {
    const page = (score: number, benchmarkIndex: number) => ({
      score,
      runs: [score, score - 2, score + 1],
      lcpMs: 1400,
      fcpMs: 1000,
      tbtMs: 812,
      cls: 0,
      benchmarkIndex,
      lcpElement: '<p class="lead">',
    });
    const markdown = renderFrontend({
      routes: { '/': { kb: 116.3, files: 24 } },
      lighthouse: { Home: page(81, 1154.5), Browse: page(96, 1890) },
    });
    expect(markdown).toContain('| Host CPU (benchmarkIndex) |');
    expect(markdown).toContain(
      '| Home | **81** (81, 79, 82) ❌ | 1.40 s ✅ | 1.00 s | 812 ms | 0.000 ✅ | 1,155 |',
    );
    expect(markdown).toContain('| Browse | **96** (96, 94, 97) ✅ |');
    expect(markdown).toContain('| 1,890 |');
  });
});
