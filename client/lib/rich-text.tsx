import { Fragment, type ReactNode } from 'react';
import type { MessageId } from '../../shared/i18n/catalogs/en';
import type { MessageValues, Translate } from '../../shared/i18n/translator';

// Private-use characters, which no message or member's text holds: they mark where a node goes.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARK = /\uE000(\w+)\uE001/;

/**
 * A translated sentence with React nodes (a link, a bold name) in its placeholders: the words
 * stay one message, in the language's own order, instead of pieces put together around the node.
 * `translate` gets a marker for each placeholder, e.g. `(marks) => _('listing.from', marks)`.
 */
export function richText<Name extends string>(
  translate: (marks: Record<Name, string>) => string,
  nodes: Record<Name, ReactNode>,
): ReactNode {
  const marks = Object.fromEntries(
    Object.keys(nodes).map((name) => [name, `${OPEN}${name}${CLOSE}`]),
  ) as Record<Name, string>;
  // split with a capturing group: text, name, text, name, …
  const parts = translate(marks).split(MARK);
  return parts.map((part, index) =>
    index % 2 === 0 ? (
      part
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
      <Fragment key={index}>{nodes[part as Name]}</Fragment>
    ),
  );
}

/** `richText` for one catalog message: `_(id, values)` with `nodes` in their places. */
export const richMessage = (
  _: Translate,
  id: MessageId,
  values: MessageValues,
  nodes: Record<string, ReactNode>,
): ReactNode => richText((marks) => _(id, { ...values, ...marks }), nodes);
