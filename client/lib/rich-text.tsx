import { Fragment, type ReactNode } from 'react';
import type { MessageId } from '../../shared/i18n/catalogs/en';
import type { MessageValues, Translate } from '../../shared/i18n/translator';

/** Marks where a node goes in a translated text: no catalog writes it. */
const MARK = '\u0000';

/**
 * A catalog message with React nodes in some of its places (a link, a name in bold): each
 * language puts them where its grammar wants, and the sentence stays one message instead of
 * English pieces glued around the node.
 */
export function richText(
  _: Translate,
  id: MessageId,
  values: MessageValues,
  nodes: Record<string, ReactNode>,
): ReactNode {
  const marked: MessageValues = { ...values };
  for (const name of Object.keys(nodes)) marked[name] = `${MARK}${name}${MARK}`;
  return _(id, marked)
    .split(MARK)
    .map((part, i) =>
      // Odd parts are the names between two marks (each place used once per message).
      i % 2 === 1 ? <Fragment key={part}>{nodes[part]}</Fragment> : part,
    );
}
