import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from './MarkdownText';

const html = (text: string, onToggleTask?: (index: number) => void) =>
  renderToStaticMarkup(<MarkdownText text={text} onToggleTask={onToggleTask} />);

describe('MarkdownText', () => {
  it('shows HTML in the text as text', () => {
    const out = html('<script>alert(1)</script>\n<img src=x onerror=alert(1)> &amp;');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt; &amp;amp;');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
  });

  it('renders paragraphs, breaks, bold, italic and lists', () => {
    expect(html('a **b** *c*\nd\n\n- x\n1. y')).toBe(
      '<div class="md"><p>a <strong>b</strong> <em>c</em><br/>d</p>' +
        '<ul><li>x</li></ul><ol><li>y</li></ol></div>',
    );
    expect(html('7. seventh')).toContain('<ol start="7">');
  });

  it('opens links in a new tab without opener or referrer', () => {
    const out = html('[site](https://a.example/?q=1&r=2) and https://b.example');
    expect(out).toContain(
      '<a class="md__link" href="https://a.example/?q=1&amp;r=2" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(out).toContain(
      '<a class="md__link" href="https://b.example" target="_blank" rel="noopener noreferrer">https://b.example</a>',
    );
  });

  it('never makes an <a> of a javascript:, data: or vbscript: link', () => {
    const out = html(
      '[x](javascript:alert`1`) [y](JavaScript:alert`1`) [z](data:text/html,hi) [w](vbscript:x)',
    );
    expect(out).not.toContain('<a');
    expect(out).not.toContain('href');
    expect(out).toContain('[x](javascript:alert`1`)');
  });

  it('shows tasks as checkboxes, disabled without onToggleTask', () => {
    const out = html('- [ ] buy milk\n- [x] call Ada');
    const inputs = out.match(/<input[^>]*>/g) ?? [];
    expect(inputs).toHaveLength(2);
    for (const input of inputs) {
      expect(input).toContain('type="checkbox"');
      expect(input).toContain('disabled=""');
    }
    expect(inputs[0]).not.toContain('checked');
    expect(inputs[1]).toContain('checked=""');
    expect(out).toContain('<span class="md__task-text">buy milk</span>');
  });

  it('makes tasks clickable with onToggleTask', () => {
    const out = html('- [ ] one\n- [x] two', () => {});
    expect(out).not.toContain('disabled');
    expect(out.match(/type="checkbox"/g)).toHaveLength(2);
    expect(out).toContain('checked=""');
  });
});
