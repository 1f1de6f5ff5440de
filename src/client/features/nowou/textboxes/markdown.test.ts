import { describe, expect, it, test } from 'vitest';
import { parseInline, parseMarkdown, plainFirstLine, toggleTask, type Inline } from './markdown';

const text = (value: string): Inline => ({ type: 'text', text: value });

describe('parseInline', () => {
  it('reads bold, italic with * and _, and both nested', () => {
    expect(parseInline('a **b** c')).toEqual([
      text('a '),
      { type: 'strong', children: [text('b')] },
      text(' c'),
    ]);
    expect(parseInline('*i* and _j_')).toEqual([
      { type: 'em', children: [text('i')] },
      text(' and '),
      { type: 'em', children: [text('j')] },
    ]);
    expect(parseInline('*see **this** now*')).toEqual([
      {
        type: 'em',
        children: [text('see '), { type: 'strong', children: [text('this')] }, text(' now')],
      },
    ]);
  });

  it('leaves unclosed or spaced markers literal', () => {
    expect(parseInline('**bold')).toEqual([text('**bold')]);
    expect(parseInline('*italic')).toEqual([text('*italic')]);
    expect(parseInline('_italic')).toEqual([text('_italic')]);
    expect(parseInline('2 * 3 * 4')).toEqual([text('2 * 3 * 4')]);
    expect(parseInline('** a**')).toEqual([text('** a**')]);
    expect(parseInline('snake_case_name')).toEqual([text('snake_case_name')]);
    expect(parseInline('[text](a.example')).toEqual([text('[text](a.example')]);
    expect(parseInline('[text](https://a.example')).toEqual([
      text('[text]('),
      { type: 'link', href: 'https://a.example', children: [text('https://a.example')] },
    ]);
    expect(parseInline('[text]')).toEqual([text('[text]')]);
  });

  it('reads links and bare addresses for http, https and mailto', () => {
    expect(parseInline('go [**here**](https://a.example/x?y=1)')).toEqual([
      text('go '),
      {
        type: 'link',
        href: 'https://a.example/x?y=1',
        children: [{ type: 'strong', children: [text('here')] }],
      },
    ]);
    expect(parseInline('[mail](mailto:ada@example.com)')).toEqual([
      { type: 'link', href: 'mailto:ada@example.com', children: [text('mail')] },
    ]);
    expect(parseInline('[wiki](https://w.example/Foo_(bar))')[0]).toMatchObject({
      href: 'https://w.example/Foo_(bar)',
    });
    expect(parseInline('see https://a.example/a_b_c, then (http://b.example).')).toEqual([
      text('see '),
      {
        type: 'link',
        href: 'https://a.example/a_b_c',
        children: [text('https://a.example/a_b_c')],
      },
      text(', then ('),
      { type: 'link', href: 'http://b.example', children: [text('http://b.example')] },
      text(').'),
    ]);
    expect(parseInline('https:// alone')).toEqual([text('https:// alone')]);
    expect(parseInline('xhttps://a.example')).toEqual([text('xhttps://a.example')]);
  });

  it('never makes a link of another scheme, whatever its case or spacing', () => {
    for (const source of [
      '[x](javascript:alert(1))',
      '[x](javascript:alert`1`)',
      '[x](JaVaScRiPt:alert`1`)',
      '[x]( javascript:alert`1`)',
      '[x](   JAVASCRIPT:alert`1`)',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](DATA:text/html,hi)',
      '[x](vbscript:msgbox)',
      '[x]( VbScript:msgbox)',
      '[x](//evil.example)',
      '[x](/relative)',
      'javascript:alert(1)',
      'data:text/html,hi',
    ]) {
      const nodes = parseInline(source);
      expect(nodes, source).toEqual([text(source)]);
    }
  });

  it('never makes a link of an address with a user name, which reads as one site and opens another', () => {
    for (const source of [
      '[x](https://good.example@evil.example/)',
      'https://user:pw@example.com/',
    ]) {
      expect(parseInline(source), source).toEqual([text(source)]);
    }
  });

  it('keeps HTML and entities as text', () => {
    expect(parseInline('<script>alert(1)</script> &amp; &lt;')).toEqual([
      text('<script>alert(1)</script> &amp; &lt;'),
    ]);
  });

  it('stays fast on hostile text', () => {
    const started = performance.now();
    parseMarkdown(`${'[*_'.repeat(7000)}\n${'**'.repeat(10_000)}`);
    parseMarkdown('*a '.repeat(7000));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('parseMarkdown', () => {
  it('splits paragraphs on blank lines and keeps line breaks', () => {
    expect(parseMarkdown('one\ntwo\r\n\n\nthree')).toEqual([
      { type: 'paragraph', children: [text('one'), { type: 'break' }, text('two')] },
      { type: 'paragraph', children: [text('three')] },
    ]);
    expect(parseMarkdown('')).toEqual([]);
  });

  it('reads bullet and numbered lists, with bold inside items', () => {
    expect(parseMarkdown('- **a** b\n* c\n\n3. x\n4. *y*')).toEqual([
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          { children: [{ type: 'strong', children: [text('a')] }, text(' b')], task: null },
          { children: [text('c')], task: null },
        ],
      },
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          { children: [text('x')], task: null },
          { children: [{ type: 'em', children: [text('y')] }], task: null },
        ],
      },
    ]);
  });

  it('starts a new list when the kind changes and ends it at a plain line', () => {
    const blocks = parseMarkdown('- a\n1. b\nplain\n-not a list\n**bold** line');
    expect(blocks.map((block) => block.type)).toEqual(['list', 'list', 'paragraph']);
    expect(blocks[2]).toEqual({
      type: 'paragraph',
      children: [
        text('plain'),
        { type: 'break' },
        text('-not a list'),
        { type: 'break' },
        { type: 'strong', children: [text('bold')] },
        text(' line'),
      ],
    });
  });

  it('numbers task items in text order', () => {
    const [list, , second] = parseMarkdown('- [ ] buy **milk**\n- [x] call\n- plain\n\n* [X] done');
    expect(list).toEqual({
      type: 'list',
      ordered: false,
      start: 1,
      items: [
        {
          children: [text('buy '), { type: 'strong', children: [text('milk')] }],
          task: { index: 0, checked: false },
        },
        { children: [text('call')], task: { index: 1, checked: true } },
        { children: [text('plain')], task: null },
      ],
    });
    expect(second).toBeUndefined();
    expect(parseMarkdown('- [ ] a\n\n* [X] b')[1]).toMatchObject({
      items: [{ task: { index: 1, checked: true } }],
    });
    expect(parseMarkdown('- [ ]')[0]).toMatchObject({
      items: [{ children: [], task: { index: 0, checked: false } }],
    });
    expect(parseMarkdown('- [ ]x')[0]).toMatchObject({ items: [{ task: null }] });
  });
});

describe('toggleTask', () => {
  const source = 'intro [ ] not a task\n- [ ] one\r\n- plain\n  * [x] two\n- [X] three';

  it('flips exactly the task at that index', () => {
    expect(toggleTask(source, 0)).toBe(
      'intro [ ] not a task\n- [x] one\r\n- plain\n  * [x] two\n- [X] three',
    );
    expect(toggleTask(source, 1)).toBe(
      'intro [ ] not a task\n- [ ] one\r\n- plain\n  * [ ] two\n- [X] three',
    );
    expect(toggleTask(source, 2)).toBe(
      'intro [ ] not a task\n- [ ] one\r\n- plain\n  * [x] two\n- [ ] three',
    );
  });

  it('agrees with the parser and twice gives the text back', () => {
    const tasks = parseMarkdown(toggleTask(source, 1)).flatMap((block) =>
      block.type === 'list' ? block.items.flatMap((item) => (item.task ? [item.task] : [])) : [],
    );
    expect(tasks.map((task) => task.checked)).toEqual([false, false, true]);
    expect(toggleTask(toggleTask(source, 2), 2).replace('[x] three', '[X] three')).toBe(source);
  });

  it('leaves the text alone for an index with no task', () => {
    expect(toggleTask(source, 3)).toBe(source);
    expect(toggleTask(source, -1)).toBe(source);
  });
});

describe('plainFirstLine', () => {
  test('gives the first line without Markdown marks, cut at the limit', () => {
    expect(plainFirstLine('\n\n## Tell the **mailing list** _now_', 60)).toBe(
      'Tell the mailing list now',
    );
    expect(plainFirstLine('- [x] book [the train](https://example.com)', 60)).toBe(
      'book the train',
    );
    expect(plainFirstLine('snake_case_name and `code`', 60)).toBe('snake_case_name and code');
    expect(plainFirstLine('a'.repeat(80), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(plainFirstLine('   \n  ', 10)).toBe('');
  });
});
