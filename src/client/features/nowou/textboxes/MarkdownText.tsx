/**
 * Shows a text box's text through the small Markdown subset (markdown.ts) as React elements: every
 * piece of the text is a React text child, so tags and entities in it show as typed. Links open in
 * a new tab without opener or referrer; inside the site's pop-up host a plain click first asks
 * whether to leave the site (docs/product/shell.md#leaving-the-site), elsewhere (a test, a server render)
 * the link is plain. Task checkboxes are clickable only when `onToggleTask` is given.
 */
import { use, type MouseEvent, type ReactNode } from 'react';
import { PopupApiContext } from '../../../lib/popups/use-popups';
import { parseMarkdown, type Inline, type ListItem } from './markdown';
import './textboxes.css';

interface MarkdownTextProps {
  text: string;
  /** Called with the task's index (0-based in the text) when its checkbox is clicked. */
  onToggleTask?: (index: number) => void;
}

/** A link out of the site: a new tab, no opener or referrer, and the leave-site question first. */
export function MarkdownLink({ href, children }: { href: string; children: ReactNode }) {
  const popups = use(PopupApiContext);
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!popups || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    popups.open({ name: 'leaveSite', href });
  }
  return (
    <a className="md__link" href={href} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {children}
    </a>
  );
}

function renderInline(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={i} />;
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'link':
        return (
          <MarkdownLink key={i} href={node.href}>
            {renderInline(node.children)}
          </MarkdownLink>
        );
    }
  });
}

function Item({ item, onToggleTask }: { item: ListItem; onToggleTask?: (index: number) => void }) {
  const { task } = item;
  if (!task) return <li>{renderInline(item.children)}</li>;
  const empty = item.children.length === 0;
  return (
    <li className="md__task">
      <label className="md__task-label">
        <input
          type="checkbox"
          className="md__check"
          checked={task.checked}
          disabled={!onToggleTask}
          aria-label={empty ? `Task ${task.index + 1}` : undefined}
          onChange={onToggleTask ? () => onToggleTask(task.index) : undefined}
        />
        <span className="md__task-text">{renderInline(item.children)}</span>
      </label>
    </li>
  );
}

export function MarkdownText({ text, onToggleTask }: MarkdownTextProps) {
  return (
    <div className="md">
      {parseMarkdown(text).map((block, i) => {
        if (block.type === 'paragraph') return <p key={i}>{renderInline(block.children)}</p>;
        const items = block.items.map((item, j) => (
          <Item key={j} item={item} onToggleTask={onToggleTask} />
        ));
        return block.ordered ? (
          <ol key={i} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      })}
    </div>
  );
}
