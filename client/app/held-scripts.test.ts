import { afterEach, describe, expect, it } from 'vitest';
import { makeHeldScriptsLive, PRELOADS_PER_TASK } from './held-scripts';

const livePreloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute('href'),
  );

function holdPreloads(count: number): string[] {
  const hrefs = Array.from({ length: count }, (_, i) => `/assets/chunk-${i}.js`);
  const template = document.createElement('template');
  template.id = 'after-paint';
  template.innerHTML = hrefs.map((href) => `<link rel="modulepreload" href="${href}">`).join('');
  document.body.append(template);
  return hrefs;
}

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('making the held script preloads live', () => {
  it('starts them a few per task, in the order the server gave, until all are live', async () => {
    const hrefs = holdPreloads(2 * PRELOADS_PER_TASK + 3);
    const done = makeHeldScriptsLive();
    // The first task starts only its share; the rest wait for the next tasks.
    expect(livePreloads()).toEqual(hrefs.slice(0, PRELOADS_PER_TASK));
    await done;
    expect(livePreloads()).toEqual(hrefs);
  });

  it('does nothing on a page that holds none', async () => {
    await makeHeldScriptsLive();
    expect(livePreloads()).toEqual([]);
  });
});
