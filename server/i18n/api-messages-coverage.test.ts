import { globSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TOPIC_NAMES } from '../../shared/notifications.js';
import { unsubscribedMessage } from '../features/notifications/notifications.service.js';
import { translateApiMessage } from './api-messages.js';

/**
 * Every `{message}` the server sends a member or an admin has an `api.*` entry in the catalogs
 * (issue 41): this test reads the sources (the TypeScript compiler's syntax tree, no types) for
 * the messages written where they arise and fails listing each one that translateApiMessage
 * leaves in English. What it reads as a message:
 * - `new AppError(<status>, <text>)` and a policy's `refuse(<status>, <text>)`;
 * - `error: <text>` and `message: <text>` in an object (zod's `{ error }`, a route's
 *   `{ message }`, a custom issue's `message`);
 * - the values of errors.ts' FASTIFY_MESSAGES (Fastify's own 4xx, said plainly).
 * A text is a string literal, a template (`${…}` filled with a sample: the catalog's `{name}`
 * pattern must match it; a string constant's text is written in), either branch of a `?:`, or the name of a string constant declared in
 * one of the files read.
 */

/**
 * Files whose texts never reach a member as a `{message}`: read by no one but the operator or
 * another program.
 */
const SKIPPED_FILES: Array<[RegExp, string]> = [
  // The environment's settings, checked at start-up: the operator reads them in the log.
  [/^server\/config\.ts$/, 'start-up configuration'],
  // TradeMaximizer's want-list diagnostics: an organiser's file's line errors, listed as the
  // solver's warnings beside the directives they name, never a `{message}`.
  [/^server\/features\/rounds\/want-list\//, 'want-list file diagnostics'],
];

/**
 * Texts deliberately left in English, each with why: none of them reaches a member as words to
 * read (a log line, another program's answer, a JSON shape).
 */
const LEFT_IN_ENGLISH = new Set<string>([
  // offers-inbound.ts: an Offer from another instance refused; the reason is logged only.
  'a listing asked for is not one of this instance',
  // mount.ts: answers to another instance's inbox delivery (a program, not a member).
  'This activity is too large',
  'This instance is blocked here',
  // metrics.routes.ts: to the metrics scraper, which sends the operator's token.
  'Metrics need Authorization: Bearer <METRICS_TOKEN>',
  // The JSON shapes an endpoint takes, for a client's programmer: their braces are ICU syntax
  // in a catalog message, and the shapes read the same in every language.
  'Send one of { decision: "accept" | "decline" }, { received: true } or { status: "cancelled", reason }',
  'Send { "ids": [...] } or { "all": true }',
  'Send { action: "close-entries" }, { action: "close", reason? } or { action: "hide" }',
  'Send { sent: true } or { received: true }',
]);

type Found = { file: string; line: number; text: string; sample: string };

const SAMPLE = 'sample';

const sourceFiles = globSync('{server,shared}/**/*.ts').filter(
  (file) =>
    !file.endsWith('.test.ts') &&
    !file.endsWith('.fixtures.ts') &&
    !file.endsWith('.d.ts') &&
    !file.startsWith('shared/i18n/') &&
    !file.startsWith('server/testing/') &&
    !SKIPPED_FILES.some(([pattern]) => pattern.test(file)),
);

const parsed = sourceFiles.map((file) => ({
  file,
  source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
}));

/** `const NAME = 'text'` anywhere in the files read: a message kept in a constant. */
const constants = new Map<string, string>();
for (const { source } of parsed) {
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isStringLiteralLike(node.initializer)
    )
      constants.set(node.name.text, node.initializer.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** The texts an expression can be: `{name}` shown for a template's each `${…}`. */
function textsOf(node: ts.Expression): Array<{ text: string; sample: string }> {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
    return textsOf(node.expression);
  if (ts.isStringLiteralLike(node)) return [{ text: node.text, sample: node.text }];
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    let sample = node.head.text;
    for (const span of node.templateSpans) {
      // A constant's text is part of the message (`${quoted(listing)} is yours: ${OWN_ITEM_OFFER}`).
      const constant = ts.isIdentifier(span.expression)
        ? constants.get(span.expression.text)
        : undefined;
      text += `${constant ?? `\${${span.expression.getText()}}`}${span.literal.text}`;
      sample += `${constant ?? SAMPLE}${span.literal.text}`;
    }
    return [{ text, sample }];
  }
  if (ts.isConditionalExpression(node))
    return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)];
  if (ts.isIdentifier(node)) {
    const value = constants.get(node.text);
    return value === undefined ? [] : [{ text: value, sample: value }];
  }
  return [];
}

const isStatus = (node: ts.Expression | undefined) => !!node && ts.isNumericLiteral(node);

function messagesOf(file: string, source: ts.SourceFile): Found[] {
  const found: Found[] = [];
  const add = (node: ts.Expression | undefined) => {
    if (!node) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    // A message is words: `error: 'invalid_grant'`-like codes are not.
    for (const { text, sample } of textsOf(node))
      if (/\S\s+\S/.test(text)) found.push({ file, line: line + 1, text, sample });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'AppError') {
      if (isStatus(node.arguments?.[0])) add(node.arguments?.[1]);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.getText() === 'refuse' &&
      isStatus(node.arguments[0])
    ) {
      add(node.arguments[1]);
    } else if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'error' || node.name.text === 'message')
    ) {
      add(node.initializer);
    } else if (
      ts.isVariableDeclaration(node) &&
      node.name.getText() === 'FASTIFY_MESSAGES' &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties)
        if (ts.isPropertyAssignment(property)) add(property.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const messages = parsed.flatMap(({ file, source }) => messagesOf(file, source));

describe('the API messages in the catalogs', () => {
  it('finds the messages it looks for (the reader still reads the sources)', () => {
    const texts = new Set(messages.map((message) => message.text));
    // One of each kind: an AppError, a policy's refusal, a zod error, a success message.
    expect(texts).toContain('Item not found');
    expect(texts).toContain('You cannot report yourself');
    expect(texts).toContain('Title is required');
    expect(texts).toContain('Signed out');
    expect(messages.length).toBeGreaterThan(200);
  });

  it('translates every message a member or an admin can get (or says why not)', () => {
    const english = messages.filter(
      ({ text, sample }) =>
        !LEFT_IN_ENGLISH.has(text) && translateApiMessage(sample, 'de') === sample,
    );
    const listed = [
      ...new Set(english.map(({ file, line, text }) => `${file}:${line} :: ${text}`)),
    ];
    expect(listed, 'add an api.* entry to shared/i18n/catalogs/*.ts for each').toEqual([]);
  });

  it('translates what a one-click unsubscribe switched off, for every topic', () => {
    // A message made from a topic's label: the reader above cannot see it, so each is asked.
    const english = (['digest', ...NOTIFICATION_TOPIC_NAMES] as const)
      .map(unsubscribedMessage)
      .filter((message) => translateApiMessage(message, 'de') === message);
    expect(english).toEqual([]);
  });

  it('allows no English text that no longer occurs', () => {
    const texts = new Set(messages.map((message) => message.text));
    expect([...LEFT_IN_ENGLISH].filter((text) => !texts.has(text))).toEqual([]);
  });
});
