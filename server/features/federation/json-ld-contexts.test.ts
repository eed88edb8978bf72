import { getDocumentLoader, preloadedContexts } from '@fedify/vocab-runtime';
import jsonld from '@fedify/vocab-runtime/jsonld';
import { describe, expect, it } from 'vitest';
import { warmPreloadedContexts } from './json-ld-contexts.js';

const listing = {
  '@context': [
    'https://www.w3.org/ns/activitystreams',
    'https://w3id.org/security/data-integrity/v1',
  ],
  id: 'https://a.example/item/1',
  type: 'Note',
  name: 'Brass telescope',
  attributedTo: 'https://a.example/users/ann',
};

/** A loader that fetches nothing and says what it was asked for. */
function refusingLoader() {
  const asked: string[] = [];
  const load = async (url: string): Promise<never> => {
    asked.push(url);
    throw new Error(`asked for ${url}`);
  };
  return { asked, load };
}

describe('the preloaded JSON-LD contexts, processed once', () => {
  it('expands a document naming them without loading them again, to the same result', async () => {
    // Before: the contexts come from the loader, each expansion.
    const before = refusingLoader();
    await expect(jsonld.expand(listing, { documentLoader: before.load })).rejects.toThrow();
    expect(before.asked).toEqual(['https://www.w3.org/ns/activitystreams']);
    const expected = await jsonld.expand(listing, { documentLoader: getDocumentLoader() });

    expect(await warmPreloadedContexts()).toBe(Object.keys(preloadedContexts).length);

    const after = refusingLoader();
    expect(await jsonld.expand(listing, { documentLoader: after.load })).toEqual(expected);
    expect(after.asked).toEqual([]);
  });

  it('still loads a context that Fedify does not preload', async () => {
    await warmPreloadedContexts();
    const other = { ...listing, '@context': 'https://b.example/ns' };
    const loader = refusingLoader();
    await expect(jsonld.expand(other, { documentLoader: loader.load })).rejects.toThrow();
    expect(loader.asked).toEqual(['https://b.example/ns']);
  });
});
