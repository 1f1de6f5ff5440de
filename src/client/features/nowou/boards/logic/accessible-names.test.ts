import { describe, expect, test } from 'vitest';
import { board, edge, node } from './test-boards';
import { accessibleName } from './outline';
import { accessibleNames } from './accessible-names';

describe('accessibleNames', () => {
  test('gives every node the name outline.ts gives one, labels included', () => {
    const nodes = [
      node({ id: 'launch', text: 'Launch' }),
      node({ id: 'post', text: 'Write post', y: 100 }),
      node({ id: 'ada', text: 'Tell Ada', y: 200 }),
      node({ id: 'ben', text: 'Tell Ben', y: 300 }),
    ];
    const b = board({
      edges: [
        edge('launch', 'ada'),
        edge('launch', 'post', { label: 'then' }),
        edge('post', 'launch', { label: '  ' }),
        edge('ada', 'ada', { label: 'self' }),
      ],
    });
    const names = accessibleNames(b, nodes);
    expect(names.get('launch')).toBe('Launch, connects to Write post (then) and Tell Ada');
    expect(names.get('post')).toBe('Write post, connects to Launch');
    expect(names.get('ben')).toBe('Tell Ben');
    for (const one of nodes) expect(names.get(one.id)).toBe(accessibleName(one, b, nodes));
  });
});
