/**
 * The bar between the toolbar and the canvas: what the selection can do. It is always there and
 * one row high (scrolling sideways when the row is wider than the screen), so selecting a node
 * never moves the canvas under the pointer. Its content follows the state:
 *
 * - nothing selected: a line saying how to start;
 * - nodes: the title (or the count), Edit, Connections ▾ (Connect to… and the node's edges, the
 *   keyboard's way to one), Make a to-do, Colour ▾, Size ▾ (width and height − and +), Group
 *   selection, Duplicate and Delete. The ▾ buttons open a panel under the bar, over the canvas, next in the
 *   Tab order; Escape closes it. Edit, Connect to…, Make a to-do, Group selection, Duplicate and
 *   Delete are board actions (actions/registry.ts): their names, when they show and what they do
 *   are the ones the keys have;
 * - a connection: its Label, its colour and Delete connection;
 * - connecting: what to do next, and Cancel.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../../../ui/Button';
import type { CanvasEdge, TextElement } from '#shared/nowou-records';
import { SIZE_STEP, boardAction, type BoardActionId } from '../actions/registry';
import type { ActionState } from '../actions/types';
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
  /** What the board's actions are judged by: the single selected node, the selection. */
  state: ActionState;
  /** Runs a board action on the selection. */
  run: (actionId: BoardActionId) => void;
  selectEdge: (edgeId: string) => void;
  colour: (color: string | undefined) => void;
  resize: (dw: number, dh: number) => void;
}

/** A board action's button, shown while the action applies. */
function ActionButton({
  id,
  actions,
  before,
}: {
  id: BoardActionId;
  actions: NodeActions;
  /** Runs first (closing the panel the button is in). */
  before?: () => void;
}) {
  const action = boardAction(id);
  if (!(action.when?.(actions.state) ?? true)) return null;
  return (
    <Button
      variant="ghost"
      onClick={() => {
        before?.();
        actions.run(id);
      }}
    >
      {action.label}
    </Button>
  );
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
}: {
  board: Brainstorm;
  byId: ReadonlyMap<string, TextElement>;
  selection: ReadonlySet<string>;
  connectingFrom: TextElement | undefined;
  onCancelConnect: () => void;
  edge: CanvasEdge | undefined;
  edgeActions: EdgeActions;
  nodeActions: NodeActions;
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
          <span className="keyboard-hint">
            Click the other node, or go to it with the arrows and press Enter.
          </span>
          <span className="touch-hint">Tap the other node.</span>
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
        <ActionButton id="edit" actions={nodeActions} />
        {single && (
          <Disclosure
            name="Connections"
            which="connections"
            label="Connections"
            open={panel === 'connections'}
            onToggle={toggle('connections')}
          >
            <ActionButton id="connect" actions={nodeActions} before={() => setPanel(null)} />
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
        <ActionButton id="make-todo" actions={nodeActions} />
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
              onClick={() => nodeActions.resize(-SIZE_STEP, 0)}
            >
              −
            </Button>
            <Button
              variant="ghost"
              aria-label="Wider"
              onClick={() => nodeActions.resize(SIZE_STEP, 0)}
            >
              +
            </Button>
            <span aria-hidden="true">Height</span>
            <Button
              variant="ghost"
              aria-label="Shorter"
              onClick={() => nodeActions.resize(0, -SIZE_STEP)}
            >
              −
            </Button>
            <Button
              variant="ghost"
              aria-label="Taller"
              onClick={() => nodeActions.resize(0, SIZE_STEP)}
            >
              +
            </Button>
          </div>
        </Disclosure>
        <ActionButton id="group" actions={nodeActions} />
        <ActionButton id="duplicate" actions={nodeActions} />
        <ActionButton id="delete" actions={nodeActions} />
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
