import { describe, expect, it } from 'vitest';
import {
  call,
  listItem,
  type Member,
  offer,
  offerer,
  owner,
  setUpSwapsApp,
} from './swaps.fixtures.js';

/**
 * Issue 38 §2: the notifications of a request for a give-away that is withdrawn, completed or
 * cancelled speak of a request and a give-away, as those of asking, accepting and declining do;
 * the swap words (the spec's) stay as they are.
 */

setUpSwapsApp();

async function giveaway(title: string) {
  const response = await call('POST', '/api/items', owner, {
    title,
    description: 'Free to a good home',
    condition: 'fair',
    mode: 'giveaway',
    fairChanceHours: 0,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

const request = async (itemId: number) => {
  const response = await call('POST', '/api/swap-requests', offerer, {
    itemId,
    message: 'I would love it',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
};

async function move(who: Member, id: number, status: string, reason?: string) {
  const response = await call('PATCH', `/api/swap-requests/${id}`, who, { status, reason });
  expect(response.statusCode, response.body).toBe(200);
}

async function latestText(who: Member): Promise<string> {
  const page = (await call('GET', '/api/notifications', who)).json();
  return page.items[0].text;
}

describe('the notifications of a request for a give-away', () => {
  it('say the request was withdrawn', async () => {
    const free = await giveaway('Free lamp');
    const asked = await request(free.id);
    await move(offerer, asked.id, 'withdrawn');
    expect(await latestText(owner)).toBe(
      `${offerer.input.nickname} withdrew their request for “Free lamp”`,
    );
  });

  it('say the give-away was completed', async () => {
    const free = await giveaway('Free rug');
    const asked = await request(free.id);
    await move(owner, asked.id, 'accepted');
    await move(offerer, asked.id, 'completed');
    expect(await latestText(owner)).toBe(
      `${offerer.input.nickname} marked the give-away of “Free rug” as completed. You can rate them now.`,
    );
  });

  it('say the accepted request was cancelled, with the reason', async () => {
    const free = await giveaway('Free stool');
    const asked = await request(free.id);
    await move(owner, asked.id, 'accepted');
    await move(owner, asked.id, 'cancelled', 'It broke, sorry');
    expect(await latestText(offerer)).toBe(
      `${owner.input.nickname} cancelled the accepted request for “Free stool”: It broke, sorry`,
    );
  });
});

describe('the notifications of a swap', () => {
  it('keep their words for a withdrawal, a cancellation and a completion', async () => {
    const drum = await listItem(owner, 'Drum');
    const first = await offer(drum.id);
    await move(offerer, first.id, 'withdrawn');
    expect(await latestText(owner)).toBe(
      `${offerer.input.nickname} withdrew their offer on “Drum”`,
    );
    const second = await offer(drum.id);
    await move(owner, second.id, 'accepted');
    await move(offerer, second.id, 'cancelled', 'Changed my mind');
    expect(await latestText(owner)).toBe(
      `${offerer.input.nickname} cancelled your accepted swap of “Drum”: Changed my mind`,
    );
    const third = await offer(drum.id);
    await move(owner, third.id, 'accepted');
    await move(owner, third.id, 'completed');
    expect(await latestText(offerer)).toBe(
      `${owner.input.nickname} marked your swap of “Drum” as completed. You can rate them now.`,
    );
  });
});
