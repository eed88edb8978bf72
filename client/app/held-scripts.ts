/** Preloads made live per task: each starts a request, a few ms of main-thread work on a slow phone. */
export const PRELOADS_PER_TASK = 8;

/** Lets the browser paint and handle input between two pieces of start-up work. */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Makes live the script preloads the server held back in `<template id="after-paint">`
 * (server/plugins/client-app.ts), a few per task: a drawn item page holds about 40, and starting
 * them all at once was one task of 60–145 ms under a 4× CPU slowdown (issue 19 §4, TBT).
 */
export async function makeHeldScriptsLive(doc: Document = document): Promise<void> {
  const held = doc.getElementById('after-paint');
  if (!(held instanceof HTMLTemplateElement)) return;
  const links = [...held.content.children];
  for (let start = 0; start < links.length; start += PRELOADS_PER_TASK) {
    if (start > 0) await yieldToBrowser();
    doc.head.append(...links.slice(start, start + PRELOADS_PER_TASK).map((l) => l.cloneNode(true)));
  }
}
