/**
 * The availability figures of issue 36 (the bench's availability part): the adversarial round's
 * solve with `/healthz` probed meanwhile (adversarial-round.ts), then the 50×50×50 ring of wants
 * with another member's writes meanwhile (wants-ring.ts), one after the other, each on its own
 * fresh embedded PostgreSQL.
 */
import { adversarialRoundFigures } from './adversarial-round.js';
import type { AvailabilityResults } from './report-availability.js';
import { wantsRingFigures } from './wants-ring.js';

export async function availabilityFigures(
  report: (line: string) => void,
): Promise<AvailabilityResults> {
  const started = performance.now();
  report('availability: the adversarial round (solve now, /healthz probed meanwhile)');
  const round = await adversarialRoundFigures();
  report(`adversarial round: ${JSON.stringify(round)}`);
  report("availability: the ring of wants (the closing PUT, another member's POSTs meanwhile)");
  const ring = await wantsRingFigures();
  report(`ring of wants: ${JSON.stringify(ring)}`);
  return {
    date: new Date().toISOString(),
    durationSeconds: Math.round((performance.now() - started) / 1000),
    round,
    ring,
  };
}
