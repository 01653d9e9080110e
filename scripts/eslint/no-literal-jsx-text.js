/**
 * Screens take every text a person reads from the catalogue (packages/domain/src/i18n):
 * literal words between JSX tags, or in the attributes people read or hear, are refused.
 * Punctuation, numbers and symbols alone (":", "·", "-", "Ksh"-free figures) pass.
 */
const READ_ATTRIBUTES = new Set([
  'label',
  'placeholder',
  'title',
  'subtitle',
  'alt',
  'aria-label',
  'aria-description',
  'description',
  'error',
  'message',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
  'nothingFoundMessage',
]);

const WORDS = /\p{L}{2,}/u;

const hasWords = (text) => typeof text === 'string' && WORDS.test(text);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Texts people read come from the i18n catalogue, not literals in JSX' },
    messages: {
      literal: 'Literal text "{{text}}" in JSX: put it in the catalogue and use t(…).',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    const checkExpression = (expression) => {
      if (!expression) return;
      if (expression.type === 'Literal' && hasWords(expression.value)) report(expression, expression.value);
      if (expression.type === 'TemplateLiteral' && expression.quasis.some((q) => hasWords(q.value.cooked))) {
        report(expression, expression.quasis.map((q) => q.value.cooked).join('…'));
      }
      if (expression.type === 'ConditionalExpression') {
        checkExpression(expression.consequent);
        checkExpression(expression.alternate);
      }
      if (expression.type === 'LogicalExpression') checkExpression(expression.right);
    };
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXElement' || node.parent?.type === 'JSXFragment')
          checkExpression(node.expression);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === 'Literal') {
          if (hasWords(node.value.value)) report(node.value, node.value.value);
        } else if (node.value.type === 'JSXExpressionContainer') {
          checkExpression(node.value.expression);
        }
      },
    };
  },
};

export default { rules: { 'no-literal-jsx-text': rule } };
