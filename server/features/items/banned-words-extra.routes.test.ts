import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ BANNED_WORDS_EXTRA: 'ivory, fur coat' });
  ({ cookie } = await registerMember(t.app));
});
afterAll(() => t.close());

const create = (title: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { cookie },
    payload: { title, description: 'As the photos show.', categoryId: 8, condition: 'good' },
  });

describe('BANNED_WORDS_EXTRA', () => {
  it('refuses the operator’s words and their plurals with the spec’s message', async () => {
    for (const [title, word] of [
      ['Ivory chess set', 'ivory'],
      ['Two fur coats', 'fur coat'],
    ]) {
      const response = await create(title ?? '');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: `Items containing "${word}" are not allowed for swapping`,
      });
    }
  });

  it('keeps the built-in list and matches the extra words as words', async () => {
    expect((await create('Replica watch')).statusCode).toBe(400);
    expect((await create('Furniture polish')).statusCode).toBe(201);
  });
});
