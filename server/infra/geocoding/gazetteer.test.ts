import { describe, expect, it } from 'vitest';
import { lookUpPlace } from './gazetteer.js';

describe('lookUpPlace', () => {
  it('finds UK towns, preferring the British one of a shared name', () => {
    const manchester = lookUpPlace('Manchester');
    expect(manchester?.latitude).toBeCloseTo(53.48, 1);
    expect(manchester?.longitude).toBeCloseTo(-2.24, 1);
    expect(lookUpPlace('Birmingham, UK')?.latitude).toBeCloseTo(52.48, 1);
  });

  it('honours an explicit country and tries each part of the text', () => {
    expect(lookUpPlace('Paris, France')?.latitude).toBeCloseTo(48.85, 1);
    expect(lookUpPlace('Near the station, Leeds')?.latitude).toBeCloseTo(53.8, 1);
  });

  it('answers null for nonsense', () => {
    expect(lookUpPlace('qwxzv plorp')).toBeNull();
    expect(lookUpPlace('  ,  ')).toBeNull();
  });
});
