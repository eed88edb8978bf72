import { describe, expect, it } from 'vitest';
import type { Circle } from '../../../../shared/circles';
import { translatorFor } from '../../../../shared/i18n/translators';
import { describeCircle } from './circle-ring';

const member = (id: string) => ({ id, nickname: id, firstName: null, lastName: null });
const leg = (giver: string, title: string, receiver: string) => ({
  giver: member(giver),
  item: { title },
  receiver: member(receiver),
});
/** Ann gives the lamp to Cat, Bob the tent to Ann, Cat the chess set to Bob. */
const circle = {
  legs: [leg('ann', 'Lamp', 'cat'), leg('bob', 'Tent', 'ann'), leg('cat', 'Chess', 'bob')],
} as unknown as Circle;

describe('describeCircle', () => {
  it('says who gives what to whom, the reader as "you", in English as before', () => {
    expect(describeCircle(circle, 'ann', translatorFor('en')._)).toBe(
      'Swap circle: you give “Lamp” to cat; bob gives “Tent” to you; cat gives “Chess” to bob.',
    );
  });

  it('in the reader’s language', () => {
    expect(describeCircle(circle, 'ann', translatorFor('de')._)).toBe(
      'Tauschring: du gibst „Lamp“ an cat; bob gibt „Tent“ an dich; cat gibt „Chess“ an bob.',
    );
    expect(describeCircle(circle, 'bob', translatorFor('ar')._)).toBe(
      'دائرة مقايضة: ann يعطي «Lamp» إلى cat؛ أنت تعطي «Tent» إلى ann؛ cat يعطيك «Chess».',
    );
  });
});
