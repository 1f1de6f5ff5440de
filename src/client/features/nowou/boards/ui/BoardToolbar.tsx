/**
 * A board's toolbar: Add node, Add link, Select mode, zoom (out, level, in, Fit), Outline, Files; on a
 * phone Add node, Select, Fit and Tools, which opens the rest under them.
 */
import { useSyncExternalStore } from 'react';
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { Button } from '../../../../ui/Button';
import { BoardFiles } from './BoardFiles';
import type { FullViewportController } from './use-viewport';
import { useDisclosure } from '../../kit/use-disclosure';
import { useNarrow } from '../../kit/use-narrow';
import { useNowou } from '../../nowou-context';

function ZoomLevel({ viewport }: { viewport: FullViewportController }) {
  const zoom = useSyncExternalStore(viewport.subscribe, viewport.zoom, viewport.zoom);
  return (
    <output className="board__zoom" aria-live="off" aria-label="Zoom level">
      {Math.round(zoom * 100)} %
    </output>
  );
}

export function BoardToolbar({
  board,
  nodes,
  viewport,
  onAdd,
  selectMode,
  onSelectMode,
  outlineOpen,
  onOutline,
}: {
  board: Brainstorm;
  nodes: readonly TextElement[];
  viewport: FullViewportController;
  onAdd: (type: 'text' | 'link') => void;
  selectMode: boolean;
  onSelectMode: (on: boolean) => void;
  outlineOpen: boolean;
  onOutline: (open: boolean) => void;
}) {
  const { announce } = useNowou();
  const narrow = useNarrow();
  const tools = useDisclosure();
  const addNode = (
    <Button variant="secondary" onClick={() => onAdd('text')} data-nowou-new="">
      Add node
    </Button>
  );
  const addLink = (
    <Button variant="ghost" onClick={() => onAdd('link')}>
      Add link
    </Button>
  );
  const select = (
    <Button
      variant={selectMode ? 'primary' : 'ghost'}
      aria-pressed={selectMode}
      onClick={() => onSelectMode(!selectMode)}
    >
      Select
    </Button>
  );
  const fit = (
    <Button
      variant="ghost"
      onClick={() => {
        if (!viewport.fit(nodes))
          announce(
            `The whole board would be too small to read: showing its first nodes at ${Math.round(viewport.zoom() * 100)} %.`,
          );
      }}
    >
      Fit
    </Button>
  );
  const zoom = (
    <div className="board__zoom-group" role="group" aria-label="Zoom">
      <Button variant="ghost" aria-label="Zoom out" onClick={() => viewport.zoomBy(1 / 1.25)}>
        −
      </Button>
      <ZoomLevel viewport={viewport} />
      <Button variant="ghost" aria-label="Zoom in" onClick={() => viewport.zoomBy(1.25)}>
        +
      </Button>
      {!narrow && fit}
    </div>
  );
  const outline = (
    <Button
      variant="ghost"
      aria-expanded={outlineOpen}
      aria-controls="board-outline"
      onClick={() => onOutline(!outlineOpen)}
    >
      Outline
    </Button>
  );

  if (narrow) {
    // On a phone the canvas gets the screen: one row, the rest behind Tools
    // (docs/product/nowou.md#boards).
    return (
      <div className="board__toolbar" role="toolbar" aria-label="Board">
        {addNode}
        {select}
        {fit}
        <Button variant="ghost" className="board__tools-button" {...tools.button}>
          Tools
        </Button>
        {tools.open && (
          <div className="board__tools" role="group" aria-label="Tools" {...tools.panel}>
            {addLink}
            {zoom}
            {outline}
            <BoardFiles board={board} nodes={nodes} />
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="board__toolbar" role="toolbar" aria-label="Board">
      {addNode}
      {addLink}
      {select}
      {zoom}
      {outline}
      <BoardFiles board={board} nodes={nodes} />
    </div>
  );
}
