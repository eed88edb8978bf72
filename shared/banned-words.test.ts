import { describe, expect, it } from 'vitest';
import { findBannedWord, parseBannedWordsExtra } from './banned-words.js';

describe('findBannedWord', () => {
  it.each([
    'Leather armchair',
    'Wool carpet',
    'Brass trumpet',
    'Map of Essex and Sussex',
    'Any category',
    'Organic cotton tote',
    'The work has begun',
    'Wooden table',
  ])('accepts %o: a banned word inside another word is not that word', (text) => {
    expect(findBannedWord(text)).toBeUndefined();
  });

  it.each([
    ['kitten basket', 'kitten'],
    ['Gun for sale', 'gun'],
    ['Two guns', 'gun'],
    ['A GUN holster', 'gun'],
    ['Replica watch', 'replica'],
    ['Three puppies', 'puppy'],
    ['Spare body parts', 'body part'],
    ['Body  part', 'body part'],
    ['Sexes', 'sex'],
    ['gun-shaped lighter', 'gun'],
  ])('refuses %o (whole words and their plurals)', (text, word) => {
    expect(findBannedWord(text)).toBe(word);
  });

  it.each([
    ['Cães de raça', 'cão'],
    ['Vendo armas antigas', 'arma'],
    ['Dois animais de estimação', 'animal de estimação'],
    ['Órgãos', 'órgão'],
    ['Zwei Hunde', 'Hund'],
    ['Alte Waffen', 'Waffe'],
    ['Kätzchen zu verschenken', 'Kätzchen'],
    ['Gestohlene Uhr', 'gestohlen'],
    ['كلب للتبني', 'كلب'],
    ['بيع الكلاب', 'كلب'],
    ['أسلحة قديمة', 'سلاح'],
    ['والسلاح', 'سلاح'],
  ])('refuses %o in its own language', (text, word) => {
    expect(findBannedWord(text)).toBe(word);
  });

  it.each(['Organização de armários', 'Hündin-Figur aus Holz', 'Katzenklo', 'Armaturen', 'قدم'])(
    'accepts %o: other words that start like a banned one',
    (text) => {
      expect(findBannedWord(text)).toBeUndefined();
    },
  );

  it('adds the operator’s extra words, whole words with plurals', () => {
    const extra = parseBannedWordsExtra(' ivory , fur coat,, ');
    expect(extra).toEqual(['ivory', 'fur coat']);
    expect(findBannedWord('Ivory chess set', extra)).toBe('ivory');
    expect(findBannedWord('Two fur coats', extra)).toBe('fur coat');
    expect(findBannedWord('Furniture', extra)).toBeUndefined();
    expect(findBannedWord('Gun', extra)).toBe('gun');
    expect(findBannedWord('Ivory chess set')).toBeUndefined();
  });
});
