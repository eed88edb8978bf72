import { z } from 'zod';
import { NICKNAME_MAX_LENGTH } from './limits.js';

/**
 * Names that cannot pose as someone else's (issue 17). A nickname is NFKC-normalised (full-width
 * and stylised letters become plain ones) with its spaces collapsed, then refused if it hides
 * characters (controls, format characters such as U+200B, soft hyphens, variation selectors,
 * Hangul fillers), turns text direction (bidi controls such as U+202E), or mixes alphabets the
 * way look-alikes do ("аna" with a Cyrillic а). A whole name in another alphabet is fine, and so
 * are the combinations a language needs (Unicode TS #39, "highly restrictive"). The server then
 * compares names by their confusable skeleton, so "аnа" cannot join while "ana" exists.
 */

const BIDI_CONTROL = /\p{Bidi_Control}/u;
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
const BIDI_CONTROLS = /\p{Bidi_Control}/gu;

/** Scripts told apart; a letter of any other script counts as 'another alphabet'. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Ogham',
  'Runic',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
  'Yi',
  'Tifinagh',
  'Vai',
  'Javanese',
  'Balinese',
  'Sundanese',
  'Coptic',
  'Glagolitic',
  'Tai_Le',
  'Tai_Tham',
  'Tai_Viet',
  'Cham',
  'Lisu',
  'Adlam',
  'Osage',
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map(
  (name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const,
);
const SCRIPT_NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Mixtures a language writes with (UTS #39 "highly restrictive"): Japanese, Chinese, Korean. */
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** The scripts of a name's letters (digits, punctuation and combining marks count for none). */
export function scriptsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const char of text) {
    if (SCRIPT_NEUTRAL.test(char)) continue;
    found.add(SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'another');
  }
  return found;
}

const label = (script: string) =>
  script === 'another' ? 'another alphabet' : script.replace(/_/g, ' ');

/** NFKC, trimmed, runs of spaces made one: the form a nickname is stored and compared in. */
export function normaliseNickname(raw: string): string {
  return raw.normalize('NFKC').trim().replace(/ {2,}/g, ' ');
}

export const NICKNAME_MESSAGES = {
  bidi: 'Nicknames cannot contain characters that change the direction of text',
  hidden: 'Nicknames cannot contain invisible or control characters',
  mixed: (scripts: string[]) =>
    `Nicknames must use one alphabet; this one mixes ${scripts.map(label).join(' and ')} letters`,
} as const;

/** Why a normalised nickname is refused, or undefined when it is fine. */
export function nicknameProblem(nickname: string): string | undefined {
  if (BIDI_CONTROL.test(nickname)) return NICKNAME_MESSAGES.bidi;
  if (HIDDEN.test(nickname)) return NICKNAME_MESSAGES.hidden;
  const scripts = scriptsOf(nickname);
  if (scripts.size > 1 && !ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)))) {
    return NICKNAME_MESSAGES.mixed([...scripts]);
  }
  return undefined;
}

/** A nickname field: normalised, required (SPEC §5's message), and refused when it could deceive. */
export function nicknameField(requiredMessage = 'Nickname is required') {
  return z
    .string({ error: requiredMessage })
    .transform(normaliseNickname)
    .pipe(
      z
        .string()
        .min(1, { error: requiredMessage })
        .max(NICKNAME_MAX_LENGTH, {
          error: `Nickname must be at most ${NICKNAME_MAX_LENGTH} characters`,
        })
        .superRefine((nickname, issue) => {
          const problem = nicknameProblem(nickname);
          if (problem) issue.addIssue({ code: 'custom', message: problem });
        }),
    );
}

/** First and last names keep any alphabet but lose the characters that turn text around. */
export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
