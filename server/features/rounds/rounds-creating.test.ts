import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROUND_MAX_OPEN_PER_ORGANISER, type Round } from '../../../shared/rounds.js';
import {
  ann,
  HOUR,
  later,
  newRound,
  org,
  request,
  roundInput,
  setUpRoundsApp,
  t,
} from './rounds.fixtures.js';

setUpRoundsApp();

describe('creating a round', () => {
  it('lets a verified member create one, in the entries phase, with jobs scheduled', async () => {
    const round = await newRound();
    expect(round.phase).toBe('entries');
    expect(round.organiser.id).toBe(org.user.id);
    expect(round.actions).toEqual(['enter', 'close-entries', 'close', 'export']);
    const { rows } = await t.db.execute<{ queue: string }>(
      sql`select queue from jobs where dedupe_key like ${`round:${round.id}:%`} order by queue`,
    );
    expect(rows.map((row) => row.queue)).toEqual([
      'rounds.solve',
      'rounds.wants-closing',
      'rounds.wants-open',
    ]);
    const listed = (await request('GET', '/api/rounds', null)).json() as Round[];
    expect(listed.some((r) => r.id === round.id)).toBe(true);
  });

  it('lets an organiser run a few unfinished rounds at a time', async () => {
    const running = [];
    for (let k = 0; k < ROUND_MAX_OPEN_PER_ORGANISER; k++) running.push(await newRound());
    const more = await request('POST', '/api/rounds', org, roundInput());
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/have not finished/);
    const [first] = running;
    await request('PATCH', `/api/rounds/${first?.id}`, org, { action: 'close' });
    await newRound();
  });

  it('refuses visitors, unverified members and bad dates, with a message', async () => {
    expect((await request('POST', '/api/rounds', null, roundInput())).statusCode).toBe(401);
    const unverified = await request('POST', '/api/rounds', ann, roundInput());
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toMatch(/verified/);
    for (const fields of [
      { entriesCloseAt: new Date(Date.now() - HOUR).toISOString() },
      { wantsCloseAt: later(0.5) },
      { shippingDeadline: later(1.5) },
      { maxLoopLength: 1 },
      { title: '' },
      { joinPolicy: 'friends' },
    ]) {
      const response = await request('POST', '/api/rounds', org, roundInput(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });
});
