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
      '  - [https://example\\.org/a%20\\(b\\)](https://example.org/a%20%28b%29)',
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

test('hostile text in a node comes out as text: no HTML, no image, no link the canvas would not make', () => {
  const nodes = [
    node({ id: 'script', text: '<script>alert(1)</script>', y: 0 }),
    node({
      id: 'img',
      text: 'Look\n<img src=x onerror=alert(1)>\n![pixel](https://tracker.example/p.png)',
      y: 100,
    }),
    node({
      id: 'links',
      text: 'Click [here](javascript:alert(1)) or [there]( JAVASCRIPT:alert(2))\n[ok](https://example.com) and \\<b>',
      y: 200,
    }),
    node({ id: 'ref', text: 'See [x]\n[x]: javascript:alert(3)\n<javascript:alert(4)>', y: 300 }),
    node({
      id: 'lie',
      type: 'link',
      text: undefined,
      url: 'https://good.example/](https://evil.example/)',
      y: 400,
    }),
  ];
  expect(boardToOutline(board({ title: 'Hostile' }), nodes)).toBe(
    [
      '# Hostile',
      '',
      '- \\<script>alert(1)\\</script>',
      '- Look',
      '  \\<img src=x onerror=alert(1)>',
      '  !\\[pixel](https://tracker.example/p.png)',
      '- Click [here\\](javascript:alert(1)) or [there\\]( JAVASCRIPT:alert(2))',
      '  [ok](https://example.com) and \\<b>',
      '- See [x]',
      '  [x\\]: javascript:alert(3)',
      '  \\<javascript:alert(4)>',
      '- [https://good\\.example/\\]\\(https://evil\\.example/\\)](https://good.example/%5D%28https://evil.example/%29)',
      '',
    ].join('\n'),
  );
});
