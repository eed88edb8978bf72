import ts from 'typescript';

/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
/** A word of at least two Latin letters: "Sign in" is English, "✓", "£0" or "·" are not. */
const WORD = /[A-Za-z]{2,}/;

/**
 * The strings an expression renders as it stands: itself, or the branches of a condition
 * (`pending ? 'Loading...' : label`, `error && 'Failed'`, `name ?? 'Someone'`).
 */
function renderedStrings(expression: ts.Expression): string[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return [expression.text];
  if (ts.isParenthesizedExpression(expression)) return renderedStrings(expression.expression);
  if (ts.isConditionalExpression(expression))
    return [...renderedStrings(expression.whenTrue), ...renderedStrings(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken)
      return renderedStrings(expression.right);
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken)
      return [...renderedStrings(expression.left), ...renderedStrings(expression.right)];
  }
  return [];
}

/**
 * The literal texts a component's JSX renders outside a catalog: text between tags, strings
 * rendered from `{…}` between tags, and the string values of attributes people read
 * (aria-label, title, placeholder, alt, label), given directly or from `{…}`.
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
    if (ts.isJsxExpression(node) && node.expression) {
      const parent = node.parent;
      const rendered =
        ts.isJsxElement(parent) ||
        ts.isJsxFragment(parent) ||
        (ts.isJsxAttribute(parent) && READ_ATTRIBUTES.has(parent.name.getText(file)));
      if (rendered)
        for (const text of renderedStrings(node.expression)) if (WORD.test(text)) found.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
