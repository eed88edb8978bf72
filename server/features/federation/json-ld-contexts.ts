import { preloadedContexts } from '@fedify/vocab-runtime';
import jsonld from '@fedify/vocab-runtime/jsonld';

/**
 * Every inbound activity is expanded as JSON-LD, several times over (Fedify parses it, its proof
 * and each embedded object), and jsonld.js processes every context the document names each time,
 * unless the loader that fetched the context marked it `static`: then jsonld keeps the processed
 * context in a cache that every later expansion in this process reads first, whatever loader it
 * was given. Fedify's loaders serve their preloaded contexts (ActivityStreams, security, data
 * integrity …: the same fixed documents for everyone) without that mark, so each expansion
 * processed them again. Expanding, once at start-up, a document that names each preloaded
 * context through a loader that marks it puts them in that cache. Only Fedify's own copies go
 * there: a context any sender names that is not preloaded is fetched and processed as before.
 */
export async function warmPreloadedContexts(): Promise<number> {
  const staticLoader = async (url: string) => {
    const document = preloadedContexts[url];
    if (document === undefined) throw new Error(`not a preloaded context: ${url}`);
    return { contextUrl: null, documentUrl: url, document, tag: 'static' };
  };
  let warmed = 0;
  for (const url of Object.keys(preloadedContexts)) {
    try {
      await jsonld.expand(
        { '@context': url, '@id': 'urn:swapmarket:warm' },
        {
          documentLoader: staticLoader,
        },
      );
      warmed++;
    } catch {
      // A preloaded context that names one that is not: left to be processed per expansion.
    }
  }
  return warmed;
}
