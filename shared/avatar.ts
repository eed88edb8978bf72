/** Made on first use: building a Segmenter loads ICU data, tens of ms on a phone at start-up. */
let graphemes: Intl.Segmenter | undefined;

/**
 * SPEC §2: a profileImageUrl of two characters or fewer is an emoji avatar. "Characters" are
 * counted as a person sees them (grapheme clusters), so 🧑‍💻, five UTF-16 units, is one.
 */
export function isEmojiAvatar(value: string | null | undefined): value is string {
  if (!value || /[/:.]/.test(value)) return false;
  // Two UTF-16 units or fewer are at most two characters.
  if (value.length <= 2) return true;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let count = 0;
  for (const _ of graphemes.segment(value)) if (++count > 2) return false;
  return count > 0;
}

/** SPEC §2: the change-picture dialog's 16 presets (smileys, wizard, coders, artist, rocket, stars). */
export const PRESET_AVATARS = [
  '😀',
  '😎',
  '🤓',
  '🥳',
  '😊',
  '🙂',
  '🤠',
  '😇',
  '🧙',
  '🧑‍💻',
  '👩‍💻',
  '👨‍💻',
  '🧑‍🎨',
  '🚀',
  '⭐',
  '🌟',
] as const;
