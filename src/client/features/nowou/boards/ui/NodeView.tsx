/**
 * One node on the canvas: a focusable element named by its title and connections, its text as
 * safe Markdown (or a textarea in place while it is edited), the to-do chip, and while selected the
 * side handles that start a connection and the corner that resizes. Memoised: a change to one node
 * renders that node only.
 */
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { TextElement } from '#shared/nowou-records';
import { MarkdownLink, MarkdownText } from '../../textboxes/MarkdownText';
import { checkLinkUrl } from '../logic/link-url';
import { safeLinkHref } from '../../../../lib/safe-link';
import { SIDES } from '../logic/geometry';

export interface NodeEditor {
  /**
   * The textarea's text changed; `height` is what the text needs, in canvas pixels. A link node's
   * text comes only once it is a whole link (link-url.ts), already trimmed.
   */
  input(id: string, text: string, height: number): void;
  key(id: string, event: KeyboardEvent<HTMLTextAreaElement>): void;
  end(id: string): void;
}

/**
 * A link node shows the very address it opens (never Markdown made of it, where
 * `https://good.example/](https://evil.example/)` would read as one address and open another);
 * anything that is no safe link stays plain text.
 */
function LinkText({ url }: { url: string }) {
  const href = safeLinkHref(url);
  return (
    <div className="md">
      <p>{href ? <MarkdownLink href={href}>{href}</MarkdownLink> : url}</p>
    </div>
  );
}

interface NodeViewProps {
  node: TextElement;
  name: string;
  selected: boolean;
  editing: boolean;
  /** In the Tab order (roving: the focused or first node). */
  tabbable: boolean;
  todo: 'open' | 'done' | null;
  editor: NodeEditor;
}

function colourStyle(color: string | undefined) {
  return color?.startsWith('#') ? { '--bn-color': color, '--bn-tint': `${color}26` } : {};
}

function NodeEditField({ node, editor }: { node: TextElement; editor: NodeEditor }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const problemId = useId();
  const isGroup = node.type === 'group';
  const isLink = node.type === 'link';
  // A link's text is saved only while it is a whole link; until then the field says why not.
  const [problem, setProblem] = useState<string | null>(() => {
    if (!isLink) return null;
    const check = checkLinkUrl(node.url ?? '');
    return check.ok ? null : check.message;
  });
  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    field.focus({ preventScroll: true });
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);
  return (
    <>
      <textarea
        ref={ref}
        className="bn__edit"
        aria-label={isGroup ? 'Group label' : isLink ? 'Link address' : 'Node text'}
        aria-invalid={problem !== null || undefined}
        aria-describedby={isLink ? problemId : undefined}
        defaultValue={isGroup ? (node.label ?? '') : isLink ? node.url : node.text}
        maxLength={isGroup ? 500 : isLink ? 2_000 : 20_000}
        spellCheck={isLink ? false : undefined}
        onInput={(event) => {
          const field = event.currentTarget;
          if (!isLink) {
            editor.input(node.id, field.value, field.scrollHeight + 4);
            return;
          }
          const check = checkLinkUrl(field.value);
          setProblem(check.ok ? null : check.message);
          if (check.ok) editor.input(node.id, check.url, field.scrollHeight + 4);
        }}
        onKeyDown={(event) => editor.key(node.id, event)}
        onBlur={() => editor.end(node.id)}
      />
      {isLink && (
        <p id={problemId} className="bn__problem" aria-live="polite">
          {problem ?? ''}
        </p>
      )}
    </>
  );
}

export const NodeView = memo(function NodeView({
  node,
  name,
  selected,
  editing,
  tabbable,
  todo,
  editor,
}: NodeViewProps) {
  const preset = node.color && !node.color.startsWith('#') ? node.color : undefined;
  return (
    <div
      className="bn"
      data-node-id={node.id}
      data-type={node.type}
      data-color={preset}
      data-selected={selected || undefined}
      data-editing={editing || undefined}
      role="group"
      aria-roledescription={node.type === 'group' ? 'group node' : 'node'}
      aria-label={name}
      // A node is focusable (roving: one in the Tab order); BoardCanvas handles its keys.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={tabbable ? 0 : -1}
      style={{
        transform: `translate(${node.x}px, ${node.y}px)`,
        width: `${node.width}px`,
        height: `${node.height}px`,
        ...colourStyle(node.color),
      }}
    >
      {editing ? (
        <NodeEditField node={node} editor={editor} />
      ) : node.type === 'group' ? (
        <span className="bn__label">{node.label || 'Group'}</span>
      ) : node.type === 'link' ? (
        <div className="bn__text">
          <LinkText url={node.url ?? ''} />
        </div>
      ) : (
        <div className="bn__text">
          {node.text ? <MarkdownText text={node.text} /> : <span className="bn__empty">Empty</span>}
        </div>
      )}
      {todo && (
        <span className="bn__chip" data-done={todo === 'done' || undefined}>
          {todo === 'done' ? 'Done ✓' : 'To-do'}
        </span>
      )}
      {selected && !editing && (
        <>
          {SIDES.map((side) => (
            <span
              key={side}
              className={`bn__port bn__port--${side}`}
              data-connect={side}
              aria-hidden="true"
              title="Drag to connect"
            />
          ))}
          <span className="bn__resize" data-resize="" aria-hidden="true" title="Drag to resize" />
        </>
      )}
    </div>
  );
});
