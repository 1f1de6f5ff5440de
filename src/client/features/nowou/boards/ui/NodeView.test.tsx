import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { node } from '../logic/test-boards';
import { NodeView, type NodeEditor } from './NodeView';

const editor: NodeEditor = { input: () => undefined, key: () => undefined, end: () => undefined };

function linkNode(url: string): { href: string | null; text: string } {
  const html = renderToStaticMarkup(
    <NodeView
      node={node({ id: 'n', type: 'link', text: undefined, url })}
      name="Link"
      selected={false}
      editing={false}
      tabbable
      todo={null}
      editor={editor}
    />,
  );
  const anchor = /<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/.exec(html);
  const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  return anchor
    ? { href: unescape(anchor[1]!), text: unescape(anchor[2]!) }
    : { href: null, text: unescape(html.replace(/<[^>]*>/g, '')) };
}

test('a link node shows the address it opens, even when its url is made to read as Markdown', () => {
  const shown = linkNode('https://good.example/](https://evil.example/)');
  expect(shown.href).toBe('https://good.example/](https://evil.example/)');
  expect(shown.text).toBe(shown.href);
  expect(shown.href?.startsWith('https://evil.example')).toBe(false);
});

test('a link node shows the address in the spelling the browser opens', () => {
  expect(linkNode('  https://EXAMPLE.com/a b ')).toEqual({
    href: 'https://example.com/a%20b',
    text: 'https://example.com/a%20b',
  });
});

test('a link with a user name in it (one site to read, another to open) is no link', () => {
  const shown = linkNode('https://good.example@evil.example/');
  expect(shown.href).toBeNull();
  expect(shown.text).toBe('https://good.example@evil.example/');
});
