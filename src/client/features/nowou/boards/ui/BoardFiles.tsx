/**
 * The open board's files: JSON Canvas (.canvas, for Obsidian and others), SVG and a Markdown
 * outline, folded behind Files so the board's toolbar keeps to one row on a laptop and the canvas
 * keeps the screen on a phone.
 */
import { useId, useState } from 'react';
import { Button } from '../../../../ui/Button';
import { downloadFile } from '../../kit/export-file';
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { useNowou } from '../../nowou-context';

type BoardFile = 'canvas' | 'svg' | 'outline';

/** The writers load when a board is first exported, so opening a board never waits for them. */
async function writeBoard(
  kind: BoardFile,
  board: Brainstorm,
  nodes: readonly TextElement[],
): Promise<{ name: string; type: string; text: string }> {
  const { boardToCanvas, canvasFileName } = await import('../files/json-canvas');
  const base = canvasFileName(board).replace(/\.canvas$/, '');
  if (kind === 'canvas') {
    return {
      name: canvasFileName(board),
      type: 'application/json',
      text: boardToCanvas(board, nodes),
    };
  }
  if (kind === 'svg') {
    const { boardToSvg } = await import('../files/svg-export');
    return { name: `${base}.svg`, type: 'image/svg+xml', text: boardToSvg(board, nodes) };
  }
  const { boardToOutline } = await import('../files/markdown-outline');
  return { name: `${base}.md`, type: 'text/markdown', text: boardToOutline(board, nodes) };
}

const DONE: Record<BoardFile, (title: string) => string> = {
  canvas: (title) => `Exported ${title} as .canvas.`,
  svg: (title) => `Exported ${title} as SVG.`,
  outline: (title) => `Exported the outline of ${title}.`,
};

export function BoardFiles({ board, nodes }: { board: Brainstorm; nodes: readonly TextElement[] }) {
  const { announce } = useNowou();
  const id = useId();
  const [open, setOpen] = useState(false);
  const exportAs = async (kind: BoardFile) => {
    const file = await writeBoard(kind, board, nodes);
    downloadFile(file.name, file.type, file.text);
    announce(DONE[kind](board.title));
  };
  return (
    <>
      <Button
        variant="ghost"
        aria-expanded={open}
        aria-controls={`${id}-files`}
        onClick={() => setOpen((now) => !now)}
      >
        Files
      </Button>
      <div
        id={`${id}-files`}
        className="board__files"
        role="group"
        aria-label="Files"
        data-open={open || undefined}
      >
        <Button variant="ghost" onClick={() => void exportAs('canvas')}>
          Export .canvas
        </Button>
        <Button variant="ghost" onClick={() => void exportAs('svg')}>
          Export SVG
        </Button>
        <Button variant="ghost" onClick={() => void exportAs('outline')}>
          Export outline
        </Button>
      </div>
    </>
  );
}
