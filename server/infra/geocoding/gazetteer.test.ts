import { describe, expect, it } from 'vitest';
import { lookUpPlace, nearestPlace } from './gazetteer.js';

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

  it('names the place by the gazetteer’s name, never by the text around it', () => {
    expect(lookUpPlace('221B Baker Street, London')?.name).toBe('London');
    expect(lookUpPlace('leeds')?.name).toBe('Leeds');
    // A British place in a later part wins over a foreign one of the first part's name.
    expect(lookUpPlace('Camden, London')?.name).toBe('London');
    expect(lookUpPlace('Camden Town, London')?.name).toBe('Camden Town');
  });

  it('finds the place nearest to a point', () => {
    expect(nearestPlace({ latitude: 53.8, longitude: -1.55 })?.name).toBe('Leeds');
    expect(nearestPlace({ latitude: 48.86, longitude: 2.35 })?.name).toBe('Paris');
    expect(nearestPlace({ latitude: -50, longitude: -140 })).toBeNull();
  });

  it('answers null for nonsense', () => {
    expect(lookUpPlace('qwxzv plorp')).toBeNull();
    expect(lookUpPlace('  ,  ')).toBeNull();
  });
});
