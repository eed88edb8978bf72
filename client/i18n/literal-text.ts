import ts from 'typescript';

/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
/** A word of at least two Latin letters: "Sign in" is English, "✓", "£0" or "·" are not. */
const WORD = /[A-Za-z]{2,}/;

/**
 * The literal texts a component's JSX renders outside a catalog: text between tags and the
 * string values of attributes people read (aria-label, title, placeholder, alt, label).
 */
export function literalTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORD.test(node.text)) found.push(node.text.trim());
    if (
      ts.isJsxAttribute(node) &&
      READ_ATTRIBUTES.has(node.name.getText(file)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      WORD.test(node.initializer.text)
    )
      found.push(`${node.name.getText(file)}="${node.initializer.text}"`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
