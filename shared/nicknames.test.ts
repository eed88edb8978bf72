import { describe, expect, it } from 'vitest';
import {
  NICKNAME_MESSAGES,
  nicknameField,
  nicknameProblem,
  stripBidiControls,
} from './nicknames.js';

const parse = (raw: string) => nicknameField().safeParse(raw);

describe('nicknames', () => {
  it.each([
    'ana',
    'Ana Lovelace',
    'ana_1984',
    'Müller',
    'Ελένη',
    'Ольга',
    '山田たろう',
    '김민준',
    'José-María',
  ])('accepts %s', (name) => {
    expect(nicknameProblem(name)).toBeUndefined();
  });

  it('normalises to NFKC with one space between words', () => {
    expect(parse('  ＡＮＡ   Ｌ ').data).toBe('ANA L');
    expect(parse('ﬁona').data).toBe('fiona');
  });

  it.each([
    ['a zero-width space', 'ana\u200b', NICKNAME_MESSAGES.hidden],
    ['a zero-width joiner', 'a\u200dna', NICKNAME_MESSAGES.hidden],
    ['a soft hyphen', 'an\u00ada', NICKNAME_MESSAGES.hidden],
    ['a byte-order mark', 'an\ufeffa', NICKNAME_MESSAGES.hidden],
    ['a variation selector', 'ana\ufe0f', NICKNAME_MESSAGES.hidden],
    ['a Hangul filler', 'ana\u3164', NICKNAME_MESSAGES.hidden],
    ['a C1 control', 'ana\u0085x', NICKNAME_MESSAGES.hidden],
    ['a right-to-left override', '\u202eana', NICKNAME_MESSAGES.bidi],
    ['a right-to-left mark', 'ana\u200f', NICKNAME_MESSAGES.bidi],
    [
      'a Cyrillic а among Latin letters',
      '\u0430na',
      'Nicknames must use one alphabet; this one mixes Cyrillic and Latin letters',
    ],
    [
      'a Greek ο among Latin letters',
      'b\u03bfb',
      'Nicknames must use one alphabet; this one mixes Latin and Greek letters',
    ],
  ])('refuses %s with a clear message', (_what, name, message) => {
    const result = parse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('keeps SPEC §5’s message for a blank nickname', () => {
    expect(parse('   ').error?.issues[0]?.message).toBe('Nickname is required');
  });

  it('strips bidi controls from first and last names', () => {
    expect(stripBidiControls('Ada\u202e ecalevoL\u202c')).toBe('Ada ecalevoL');
  });
});
