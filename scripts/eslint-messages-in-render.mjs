// ESLint rule `house/messages-in-render`: a compiled message function (`m.key()`) is called
// inside a function (a component, a hook, a callback), never while a module loads. A text
// made at module load is in the language of that moment and stays so after the player
// switches language (the router re-renders pages in place; a constant is not re-made).

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
])

/** `m.key(...)` or `m['key'](...)`, where `m` is the messages module's namespace. */
const isMessageCall = (node) =>
  node.callee.type === 'MemberExpression' &&
  node.callee.object.type === 'Identifier' &&
  node.callee.object.name === 'm'

/** @type {import('eslint').Rule.RuleModule} */
const messagesInRender = {
  meta: {
    type: 'problem',
    docs: { description: 'Message functions are called in render, never at module load.' },
    messages: {
      atLoad:
        'm.{{name}}() runs once when the module loads, so it keeps that language after a switch: call it inside the component (or a function the component calls).',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        if (!isMessageCall(node)) return
        const ancestors = context.sourceCode.getAncestors(node)
        if (ancestors.some((ancestor) => FUNCTION_TYPES.has(ancestor.type))) return
        const { property } = node.callee
        const name = property.type === 'Identifier' ? property.name : '…'
        context.report({ node, messageId: 'atLoad', data: { name } })
      },
    }
  },
}

export const housePlugin = { rules: { 'messages-in-render': messagesInRender } }
