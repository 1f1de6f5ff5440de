import { expect, test } from 'vitest';
import { ASSISTANT_MESSAGES, ASSISTANT_TEXT_MAX } from '#shared/assistant-schemas';
import { checkMessage } from './AssistantComposer';

test('the composer finds the same first problem as the server, with its field', () => {
  expect(checkMessage('  ', ['home'])).toEqual({
    field: 'text',
    message: ASSISTANT_MESSAGES.textMissing,
  });
  expect(checkMessage('x'.repeat(ASSISTANT_TEXT_MAX + 1), ['home'])).toEqual({
    field: 'text',
    message: ASSISTANT_MESSAGES.textTooLong,
  });
  expect(checkMessage('Hello', [])).toEqual({
    field: 'pages',
    message: ASSISTANT_MESSAGES.pagesMissing,
  });
  expect(checkMessage('Hello', ['home', 'nowhere'])).toEqual({
    field: 'pages',
    message: ASSISTANT_MESSAGES.unknownPage,
  });
  expect(checkMessage('Hello', ['home', 'music'])).toBeNull();
});
