/**
 * Words a listing may not contain, one list per language, matched as whole words and their
 * plurals (decision 012; the spec matched substrings, refusing "armchair" for "hair").
 *
 * Every list applies to every listing: a listing is written in whatever language its owner
 * chose, not the reader's, and federation mixes languages in one market. A word that means
 * something harmless in another of the languages ("tier" in English, "عضو" also a member) is
 * left out of its list for that reason.
 *
 * An entry is the word reported in the message, optionally followed by `|` and irregular forms
 * the language's plural rule cannot make (German umlauts, Arabic broken plurals).
 */

type PluralRule = (word: string) => string[];

/** English: +s; +es after s, x, z, ch, sh; consonant + y → ies. */
const englishPlurals: PluralRule = (word) => {
  if (/(?:s|x|z|ch|sh)$/.test(word)) return [`${word}es`];
  if (/[^aeiou]y$/.test(word)) return [`${word.slice(0, -1)}ies`];
  return [`${word}s`];
};

/** Portuguese: +s after a vowel; ão → ões; -al/-el/-ol/-ul → -ais…; -m → -ns; r, z, s → +es. */
const portuguesePlurals: PluralRule = (word) => {
  if (word.endsWith('ão')) return [`${word.slice(0, -2)}ões`];
  if (/[aeou]l$/.test(word)) return [`${word.slice(0, -1)}is`];
  if (word.endsWith('m')) return [`${word.slice(0, -1)}ns`];
  if (/[rzs]$/.test(word)) return [`${word}es`];
  return [`${word}s`];
};

/** German: the regular endings (-e, -en, -n, -er, -s); umlaut plurals are listed by hand. */
const germanPlurals: PluralRule = (word) => ['e', 'en', 'n', 'er', 's'].map((end) => word + end);

/** Arabic sound plurals: feminine ة → ات (or + ات), masculine + ون / ين; broken plurals listed. */
const arabicPlurals: PluralRule = (word) =>
  word.endsWith('ة') ? [`${word.slice(0, -1)}ات`] : [`${word}ات`, `${word}ون`, `${word}ين`];

/**
 * Arabic writes the article and some prepositions and conjunctions as part of the word
 * (السلاح "the weapon", وسلاح "and a weapon", للبيع "for sale"): they may come before a word.
 */
const ARABIC_PREFIX = '(?:[وف]?(?:[بكل]?ال|لل|[بكل])?)';

/** SPEC §5, word for word. */
export const BANNED_WORDS = [
  'pet',
  'pets',
  'kitten',
  'puppy',
  'dog',
  'cat',
  'animal',
  'animals',
  'pornography',
  'adult',
  'explicit',
  'nude',
  'sex',
  'weapon',
  'gun',
  'firearm',
  'ammunition',
  'explosive',
  'drug',
  'drugs',
  'prescription',
  'medication',
  'cannabis',
  'marijuana',
  'human',
  'body part',
  'organ',
  'blood',
  'hair',
  'stolen',
  'replica',
  'counterfeit',
  'fake',
  'alcohol',
  'tobacco',
  'cigarette',
  'vape',
] as const;

/** The same meanings in the other languages the site speaks. */
const PORTUGUESE = [
  'animal de estimação|animais de estimação',
  'gatinho',
  'filhote',
  'cachorro',
  'cão|cães',
  'gato',
  'animal',
  'pornografia',
  'adulto',
  'explícito',
  'nudez',
  'nu',
  'sexo',
  'arma',
  'arma de fogo|armas de fogo',
  'munição',
  'explosivo',
  'droga',
  'receita médica|receitas médicas',
  'remédio',
  'medicamento',
  'maconha',
  'humano',
  'parte do corpo|partes do corpo',
  'órgão|órgãos',
  'sangue',
  'cabelo',
  'roubado',
  'réplica',
  'falsificado',
  'falso',
  'álcool|álcoois',
  'tabaco',
  'cigarro',
  'vape',
];

const GERMAN = [
  'Haustier',
  'Kätzchen',
  'Welpe',
  'Hund',
  'Katze',
  'Pornografie',
  'explizit',
  'nackt',
  'Waffe',
  'Schusswaffe',
  'Pistole',
  'Gewehr',
  'Munition',
  'Sprengstoff',
  'Droge',
  'verschreibungspflichtig',
  'Medikament',
  'Cannabis',
  'Marihuana',
  'Körperteil',
  'Organ',
  'Blut',
  'Haar',
  'gestohlen',
  'Replik',
  'Fälschung',
  'gefälscht',
  'Alkohol',
  'Tabak',
  'Zigarette',
];

const ARABIC = [
  'حيوان أليف|حيوانات أليفة',
  'قطة|قطط',
  'جرو|جراء',
  'كلب|كلاب',
  'حيوان',
  'إباحي|إباحية',
  'عاري|عارية',
  'سلاح|أسلحة',
  'مسدس|مسدسات',
  'بندقية|بنادق',
  'ذخيرة|ذخائر',
  'متفجرات|متفجرة',
  'مخدر|مخدرات',
  'دواء|أدوية',
  'وصفة طبية',
  'حشيش',
  'ماريجوانا',
  'أعضاء بشرية',
  'دم|دماء',
  'شعر بشري',
  'مسروق|مسروقة',
  'مقلد|مقلدة',
  'مزيف|مزيفة',
  'كحول',
  'خمر|خمور',
  'تبغ',
  'سيجارة|سجائر',
];

type WordList = { words: readonly string[]; plurals: PluralRule; prefix?: string };

export const BANNED_WORD_LISTS: Record<'en' | 'pt-BR' | 'de' | 'ar', WordList> = {
  en: { words: BANNED_WORDS, plurals: englishPlurals },
  'pt-BR': { words: PORTUGUESE, plurals: portuguesePlurals },
  de: { words: GERMAN, plurals: germanPlurals },
  ar: { words: ARABIC, plurals: arabicPlurals, prefix: ARABIC_PREFIX },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phrase's plural changes its last word ("body part" → "body parts"). */
function formsOf(entry: string, plurals: PluralRule): string[] {
  const [word = '', ...irregular] = entry.split('|').map((form) => form.toLowerCase());
  const head = word.slice(0, word.lastIndexOf(' ') + 1);
  const last = word.slice(head.length);
  return [word, ...plurals(last).map((plural) => head + plural), ...irregular];
}

/**
 * A word stands alone when no letter, combining mark or digit touches it: `\b` knows only
 * ASCII letters, so it sees a word's edge beside "ä" and around every Arabic letter.
 */
const NOT_WORD = '[\\p{L}\\p{M}\\p{N}]';

type Matcher = (text: string) => string | undefined;

function compile(lists: readonly WordList[]): Matcher {
  const reported = new Map<string, string>();
  const patterns = lists.map(({ words, plurals, prefix = '' }) => {
    const alternatives: string[] = [];
    for (const entry of words) {
      const name = entry.split('|')[0] ?? entry;
      for (const form of formsOf(entry.normalize('NFC'), plurals)) {
        if (!reported.has(form)) reported.set(form, name);
        alternatives.push(escapeRegExp(form).replace(/ /g, '\\s+'));
      }
    }
    // Longest first, so "body parts" wins over "body part" and a phrase over its first word.
    alternatives.sort((a, b) => b.length - a.length);
    return `(?<!${NOT_WORD})${prefix}(${alternatives.join('|')})(?!${NOT_WORD})`;
  });
  const pattern = new RegExp(patterns.join('|'), 'iu');
  return (text) => {
    const match = pattern.exec(text.normalize('NFC'));
    if (!match) return undefined;
    const found = match.slice(1).find((group) => group !== undefined) ?? '';
    return reported.get(found.toLowerCase().replace(/\s+/g, ' ')) ?? found;
  };
}

// Made on first use and nothing done at load: a page that imports item-display.ts without
// checking a listing neither builds the pattern nor keeps the lists in its bundle.
let matchers: Map<string, Matcher> | undefined;

/**
 * The first banned word in the text (as its list spells it), or undefined. `extra` is the
 * operator's BANNED_WORDS_EXTRA, matched as whole words with the English plural rule.
 */
export function findBannedWord(text: string, extra: readonly string[] = []): string | undefined {
  const key = extra.join(',');
  matchers ??= new Map();
  let matcher = matchers.get(key);
  if (!matcher) {
    const builtIn = Object.values(BANNED_WORD_LISTS);
    const lists = extra.length ? [...builtIn, { words: extra, plurals: englishPlurals }] : builtIn;
    matcher = compile(lists);
    matchers.set(key, matcher);
  }
  return matcher(text);
}

/** BANNED_WORDS_EXTRA as written: comma-separated words or phrases. */
export function parseBannedWordsExtra(value: string): string[] {
  return value
    .split(',')
    .map((word) => word.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}
