// @ts-check
/*
 * An ESLint rule for the browser tests (eslint.config.js): a wait on time instead of a condition
 * (page.waitForTimeout, the 'networkidle' load state, a promise that resolves on a timer, a sleep
 * from node:timers/promises) is refused unless a comment right above it or at the end of its line
 * says why time is the condition: typically that the test proves something does NOT happen.
 * tests/lint/explained-waits.test.ts proves it fires.
 */

/** @param {import('eslint').Rule.Node} node */
function statementsAround(node) {
  /** @type {import('eslint').Rule.Node[]} */
  const statements = [];
  for (let current = node.parent; current && statements.length < 2; current = current.parent) {
    if (/Statement$|Declaration$/.test(current.type)) statements.push(current);
  }
  return statements;
}

/** @type {import('eslint').Rule.RuleModule} */
export const explainedWaits = {
  meta: {
    type: 'problem',
    docs: { description: 'A wait on time in a browser test says why in a comment.' },
    messages: {
      unexplained:
        '{{what}} waits on time: wait on a condition instead, or say in a comment right above why time is the condition (e.g. it proves something does not happen).',
    },
    schema: [],
  },
  create(context) {
    const { sourceCode } = context;
    /** Local names bound to setTimeout of node:timers/promises. */
    const sleepNames = new Set();

    /** @param {import('eslint').Rule.Node} node */
    function explained(node) {
      const line = node.loc?.start.line ?? 0;
      const onItsLine = sourceCode
        .getAllComments()
        .some(
          (comment) =>
            comment.loc?.start.line === line && (comment.range?.[0] ?? 0) > (node.range?.[0] ?? 0),
        );
      return (
        onItsLine ||
        statementsAround(node).some(
          (statement) => sourceCode.getCommentsBefore(statement).length > 0,
        )
      );
    }

    /**
     * @param {import('eslint').Rule.Node} node
     * @param {string} what
     */
    function check(node, what) {
      if (!explained(node)) context.report({ node, messageId: 'unexplained', data: { what } });
    }

    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'node:timers/promises' && node.source.value !== 'timers/promises')
          return;
        for (const specifier of node.specifiers) {
          if (
            specifier.type === 'ImportSpecifier' &&
            specifier.imported.type === 'Identifier' &&
            specifier.imported.name === 'setTimeout'
          )
            sleepNames.add(specifier.local.name);
        }
      },
      CallExpression(node) {
        const { callee } = node;
        const name =
          callee.type === 'Identifier'
            ? callee.name
            : callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
              ? callee.property.name
              : undefined;
        if (name === 'waitForTimeout') {
          check(node, 'waitForTimeout');
          return;
        }
        if (callee.type === 'Identifier' && sleepNames.has(callee.name)) {
          check(node, `${callee.name} from node:timers/promises`);
          return;
        }
        // new Promise((resolve) => setTimeout(resolve, ms)): a sleep written out. A timer that
        // rejects is a deadline, not a wait.
        if (name !== 'setTimeout') return;
        let executor = node.parent;
        while (executor && !/Function/.test(executor.type)) executor = executor.parent;
        const promise = executor?.parent;
        const resolve =
          executor && 'params' in executor && executor.params[0]?.type === 'Identifier'
            ? executor.params[0].name
            : undefined;
        const [callback] = node.arguments;
        const resolves =
          resolve !== undefined &&
          callback !== undefined &&
          new RegExp(`^${resolve}$|\\b${resolve}\\s*\\(`).test(sourceCode.getText(callback));
        if (
          resolves &&
          promise?.type === 'NewExpression' &&
          promise.callee.type === 'Identifier' &&
          promise.callee.name === 'Promise'
        )
          check(node, 'A promise resolved by setTimeout');
      },
      Literal(node) {
        if (node.value === 'networkidle') check(node, "The 'networkidle' load state");
      },
    };
  },
};
