/**
 * The bar between the toolbar and the canvas: what the selection can do. It is always there and
 * one row high (scrolling sideways when the row is wider than the screen), so selecting a node
 * never moves the canvas under the pointer. Its content follows the state:
 *
 * - nothing selected: a line saying how to start;
 * - nodes: the title (or the count), Edit, Connections ▾ (Connect to… and the node's edges, the
 *   keyboard's way to one), Make a to-do, Colour ▾, Size ▾ (width and height − and +), Group
 *   selection, Duplicate and Delete. The ▾ buttons open a panel under the bar, over the canvas, next in the
 *   Tab order; Escape closes it;
 * - a connection: its Label, its colour and Delete connection;
 * - connecting: what to do next, and Cancel.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../../../ui/Button';
import type { CanvasEdge, TextElement } from '#shared/nowou-records';
import { nodeTitle } from '../logic/outline';
import { NodeConnections } from './NodeConnections';
import { PRESET_COLOURS } from '../logic/palette';
import type { Brainstorm } from '#shared/nowou-records';

export function ColourPicker({
  value,
  onPick,
}: {
  value: string | undefined;
  onPick: (color: string | undefined) => void;
}) {
  return (
    <div className="board__colours" role="group" aria-label="Colour">
      <button
        type="button"
        className="board__swatch"
        aria-label="No colour"
        aria-pressed={value === undefined}
        onClick={() => onPick(undefined)}
      />
      {PRESET_COLOURS.map((colour) => (
        <button
          key={colour.value}
          type="button"
          className="board__swatch"
          data-color={colour.value}
          aria-label={colour.name}
          aria-pressed={value === colour.value}
          onClick={() => onPick(colour.value)}
        />
      ))}
    </div>
  );
}

export interface NodeActions {
  edit: (id: string) => void;
  selectEdge: (edgeId: string) => void;
  connect: (id: string) => void;
  makeTodo: (id: string) => void;
  colour: (color: string | undefined) => void;
  resize: (dw: number, dh: number) => void;
  group: () => void;
  duplicate: () => void;
  remove: () => void;
}

export interface EdgeActions {
  label: (edge: CanvasEdge, label: string) => void;
  colour: (edge: CanvasEdge, color: string | undefined) => void;
  remove: (edge: CanvasEdge) => void;
  /** Enter or Escape in the label: back to the node the connection leads to. */
  done: (edge: CanvasEdge) => void;
}

type Panel = 'connections' | 'colour' | 'size';

/** A ▾ button and, while open, its panel (under the bar, next in the Tab order). */
function Disclosure({
  name,
  which,
  label,
  open,
  onToggle,
  children,
}: {
  name: string;
  which: Panel;
  label: ReactNode;
  open: boolean;
  onToggle: (focusBack: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <Button
        variant="ghost"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-panel-toggle={which}
        onClick={() => onToggle(false)}
      >
        {label}
        <span aria-hidden="true"> ▾</span>
      </Button>
      {open && (
        // Escape anywhere in the panel closes it (its buttons are the controls).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          id={id}
          className="board__panel"
          role="group"
          aria-label={name}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            event.stopPropagation();
            onToggle(true);
          }}
        >
          {children}
        </div>
      )}
    </>
  );
}

export function SelectionBar({
  board,
  byId,
  selection,
  connectingFrom,
  onCancelConnect,
  edge,
  edgeActions,
  nodeActions,
  sizeStep,
  hasTodo,
}: {
  board: Brainstorm;
  byId: ReadonlyMap<string, TextElement>;
  selection: ReadonlySet<string>;
  connectingFrom: TextElement | undefined;
  onCancelConnect: () => void;
  edge: CanvasEdge | undefined;
  edgeActions: EdgeActions;
  nodeActions: NodeActions;
  sizeStep: number;
  /** The single selected node has a to-do already (no Make a to-do). */
  hasTodo: boolean;
}) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const single = selection.size === 1 ? byId.get([...selection][0]!) : undefined;
  const toggle = (which: Panel) => (focusBack: boolean) => {
    setPanel((open) => (open === which ? null : which));
    if (focusBack) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-panel-toggle="${which}"]`)?.focus(),
      );
    }
  };

  let content: ReactNode;
  if (connectingFrom) {
    content = (
      // Escape from its Cancel button cancels too, as it does on the canvas.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
      <div
        key="connecting"
        className="board__actions board__connecting"
        role="group"
        aria-label="Connecting"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancelConnect();
        }}
      >
        <span className="board__count">Connect {nodeTitle(connectingFrom)} to…</span>
        <span className="board__help">
          Click the other node, or go to it with the arrows and press Enter.
        </span>
        <Button variant="ghost" onClick={onCancelConnect}>
          Cancel
        </Button>
      </div>
    );
  } else if (edge) {
    content = (
      <div key="edge" className="board__actions" role="toolbar" aria-label="Connection">
        <label className="board__field">
          <span>Label</span>
          <input
            key={edge.id}
            className="board__input"
            defaultValue={edge.label ?? ''}
            maxLength={500}
            onChange={(event) => edgeActions.label(edge, event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Escape' && event.key !== 'Enter') return;
              event.preventDefault();
              edgeActions.done(edge);
            }}
          />
        </label>
        <ColourPicker value={edge.color} onPick={(color) => edgeActions.colour(edge, color)} />
        <Button variant="ghost" onClick={() => edgeActions.remove(edge)}>
          Delete connection
        </Button>
      </div>
    );
  } else if (selection.size > 0) {
    const colour = single?.color;
    const hasConnections =
      single !== undefined &&
      board.edges.some(
        (e) =>
          (e.fromNode === single.id && byId.has(e.toNode)) ||
          (e.toNode === single.id && byId.has(e.fromNode)),
      );
    content = (
      <div key="nodes" className="board__actions" role="toolbar" aria-label="Selected nodes">
        <span className="board__count">
          {single ? nodeTitle(single) : `${selection.size} selected`}
        </span>
        {single && (
          <Button variant="ghost" onClick={() => nodeActions.edit(single.id)}>
            Edit
          </Button>
        )}
        {single && (
          <Disclosure
            name="Connections"
            which="connections"
            label="Connections"
            open={panel === 'connections'}
            onToggle={toggle('connections')}
          >
            <Button
              variant="ghost"
              onClick={() => {
                setPanel(null);
                nodeActions.connect(single.id);
              }}
            >
              Connect to…
            </Button>
            {hasConnections && (
              <NodeConnections
                board={board}
                node={single}
                byId={byId}
                onSelectEdge={(edgeId) => {
                  setPanel(null);
                  nodeActions.selectEdge(edgeId);
                }}
              />
            )}
          </Disclosure>
        )}
        {single && single.type !== 'group' && !hasTodo && (
          <Button variant="ghost" onClick={() => nodeActions.makeTodo(single.id)}>
            Make a to-do
          </Button>
        )}
        <Disclosure
          name="Colour"
          which="colour"
          label={
            <>
              <span
                className="board__dot"
                data-color={colour && !colour.startsWith('#') ? colour : undefined}
                style={colour?.startsWith('#') ? { background: colour } : undefined}
                aria-hidden="true"
              />
              Colour
            </>
          }
          open={panel === 'colour'}
          onToggle={toggle('colour')}
        >
          <ColourPicker value={colour} onPick={nodeActions.colour} />
        </Disclosure>
        <Disclosure
          name="Size"
          which="size"
          label="Size"
          open={panel === 'size'}
          onToggle={toggle('size')}
        >
          <div className="board__size">
            <span aria-hidden="true">Width</span>
            <Button
              variant="ghost"
              aria-label="Narrower"
              onClick={() => nodeActions.resize(-sizeStep, 0)}
            >
              −
            </Button>
            <Button
              variant="ghost"
              aria-label="Wider"
              onClick={() => nodeActions.resize(sizeStep, 0)}
            >
              +
            </Button>
            <span aria-hidden="true">Height</span>
            <Button
              variant="ghost"
              aria-label="Shorter"
              onClick={() => nodeActions.resize(0, -sizeStep)}
            >
              −
            </Button>
            <Button
              variant="ghost"
              aria-label="Taller"
              onClick={() => nodeActions.resize(0, sizeStep)}
            >
              +
            </Button>
          </div>
        </Disclosure>
        {selection.size > 1 && (
          <Button variant="ghost" onClick={nodeActions.group}>
            Group selection
          </Button>
        )}
        <Button variant="ghost" onClick={nodeActions.duplicate}>
          Duplicate
        </Button>
        <Button variant="ghost" onClick={nodeActions.remove}>
          Delete
        </Button>
      </div>
    );
  } else {
    content = (
      <div key="idle" className="board__actions board__actions--idle">
        <p className="board__help">Select a node to change it, or double-click to add one.</p>
      </div>
    );
  }
  return <div className="board__selection">{content}</div>;
}
