import { expect, test } from 'vitest';
import { board, edge, node } from '../logic/test-boards';
import { boardToOutline } from './markdown-outline';

test('an outline follows connections, cuts a cycle and lists a diamond’s node once', () => {
  const nodes = [
    node({ id: 'top', text: '# Launch\nThe plan\n\n- [ ] post', y: 0 }),
    node({ id: 'left', text: 'Write post', y: 100, x: 0 }),
    node({
      id: 'right',
      type: 'link',
      text: undefined,
      url: 'https://example.org/a (b)',
      y: 100,
      x: 300,
    }),
    node({ id: 'bottom', text: 'Publish', y: 200 }),
    node({ id: 'idea', text: 'Loose idea', y: 50, x: 900 }),
    node({ id: 'frame', type: 'group', text: undefined, label: 'Q3 *goals*', y: -100, x: -100 }),
    node({ id: 'bad', type: 'link', text: undefined, url: 'javascript:alert(1)', y: 900 }),
  ];
  const edges = [
    edge('top', 'left', { label: 'first' }),
    edge('top', 'right'),
    edge('left', 'bottom'),
    edge('right', 'bottom'),
    edge('bottom', 'top'),
  ];
  expect(boardToOutline(board({ title: 'Launch plan', edges }), nodes)).toBe(
    [
      '# Launch plan',
      '',
      '- Launch',
      '  The plan',
      '',
      '  - [ ] post',
      '  - *first:* Write post',
      '    - Publish',
      '      - → Launch',
      '  - [https://example\\.org/a \\(b\\)](https://example.org/a%20%28b%29)',
      '    - → Publish',
      '',
      '## Not connected',
      '',
      '- **Q3 \\*goals\\***',
      '- Loose idea',
      '- javascript:alert\\(1\\)',
      '',
    ].join('\n'),
  );
});

test('a board without connections is a plain list; an empty node says so', () => {
  const nodes = [node({ id: 'a', text: '' }), node({ id: 'b', text: 'B', y: 10 })];
  expect(boardToOutline(board({ title: 'Notes' }), nodes)).toBe('# Notes\n\n- *Empty node*\n- B\n');
});
