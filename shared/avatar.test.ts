import { describe, expect, it } from 'vitest';
import { isEmojiAvatar } from './avatar.js';

describe('isEmojiAvatar', () => {
  it.each(['😀', '🧙', '🧑‍💻', '⭐', '🚀✨'])('treats %s as an emoji', (value) => {
    expect(isEmojiAvatar(value)).toBe(true);
  });

  it.each([
    null,
    '',
    '/api/images/abc',
    'data:image/png;base64,AAAA',
    'https://x.example/a.png',
    'abc',
  ])('treats %s as no emoji', (value) => {
    expect(isEmojiAvatar(value)).toBe(false);
  });
});
