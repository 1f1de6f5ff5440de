/** A board's toolbar: Add node, Add link, Select mode, zoom (out, level, in, Fit), Outline, Files. */
import { useSyncExternalStore } from 'react';
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { Button } from '../../../../ui/Button';
import { BoardFiles } from './BoardFiles';
import type { FullViewportController } from './use-viewport';

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
  return (
    <div className="board__toolbar" role="toolbar" aria-label="Board">
      <Button variant="secondary" onClick={() => onAdd('text')} data-nowou-new="">
        Add node
      </Button>
      <Button variant="ghost" onClick={() => onAdd('link')}>
        Add link
      </Button>
      <Button
        variant={selectMode ? 'primary' : 'ghost'}
        aria-pressed={selectMode}
        onClick={() => onSelectMode(!selectMode)}
      >
        Select
      </Button>
      <div className="board__zoom-group" role="group" aria-label="Zoom">
        <Button variant="ghost" aria-label="Zoom out" onClick={() => viewport.zoomBy(1 / 1.25)}>
          −
        </Button>
        <ZoomLevel viewport={viewport} />
        <Button variant="ghost" aria-label="Zoom in" onClick={() => viewport.zoomBy(1.25)}>
          +
        </Button>
        <Button variant="ghost" onClick={() => viewport.fit(nodes)}>
          Fit
        </Button>
      </div>
      <Button
        variant="ghost"
        aria-expanded={outlineOpen}
        aria-controls="board-outline"
        onClick={() => onOutline(!outlineOpen)}
      >
        Outline
      </Button>
      <BoardFiles board={board} nodes={nodes} />
    </div>
  );
}
