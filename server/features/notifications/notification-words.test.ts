import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../../shared/i18n/translators.js';
import { named, quoted } from './notification-words.js';

const en = translatorFor('en');
const de = translatorFor('de');

describe('notification words', () => {
  it("quote a title in the language's marks, shortened for a subject line", () => {
    expect(quoted(en, 'Tent')).toBe('“Tent”');
    expect(quoted(de, 'Zelt')).toBe('„Zelt“');
    expect(quoted(translatorFor('ar'), 'Lamp')).toBe('«Lamp»');
    expect(quoted(en, 'x'.repeat(70))).toBe(`“${'x'.repeat(59)}…”`);
    expect(quoted(en, null)).toBe('a listing');
    expect(named(de, null)).toBe('Ein Mitglied');
  });

  it.each([
    [
      1,
      'The organiser of the swap round “Spring” set the want list of your entry from an imported file',
    ],
    [
      3,
      'The organiser of the swap round “Spring” set the want lists of 3 of your entries from an imported file',
    ],
  ])('keep the English of a round’s imported want lists word for word (%i)', (count, text) => {
    expect(en._('notify.round.wantsImported', { title: quoted(en, 'Spring'), count })).toBe(text);
  });

  it('speak German plurals', () => {
    const words = (count: number) =>
      de._('notify.round.wantsImported', { title: quoted(de, 'Frühling'), count });
    expect(words(1)).toContain('die Wunschliste deines Eintrags');
    expect(words(2)).toContain('die Wunschlisten von 2 deiner Einträge');
  });

  it('keep the English of a want alert word for word', () => {
    expect(
      en._('notify.alert', { search: quoted(en, 'bike'), title: quoted(en, 'Red bike') }),
    ).toBe('New listing for your alert “bike”: “Red bike”');
  });

  it('keep the English of problems and warnings word for word, and translate them', () => {
    expect(
      en._('notify.problemReported.swap', {
        actor: 'Ada',
        reason: en._('notify.problemReason.not-received'),
      }),
    ).toBe(
      "Ada reported a problem with your swap (i did not receive it). You can answer in the offer's chat; a moderator will look at it.",
    );
    expect(en._('notify.warnedReport', { reason: en._('notify.reportReason.unknown') })).toBe(
      'A moderator warned you after a report (a report). Please follow the community guidelines.',
    );
    expect(
      de._('notify.warnedReportNote', { reason: de._('notify.reportReason.spam'), note: 'Stopp.' }),
    ).toBe('Ein Moderator hat dich nach einer Meldung verwarnt (Spam): Stopp.');
  });
});
