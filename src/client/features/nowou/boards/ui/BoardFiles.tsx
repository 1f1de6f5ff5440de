/**
 * The open board's files: JSON Canvas (.canvas, for Obsidian and others), SVG and a Markdown
 * outline, folded behind Files so the board's toolbar keeps to one row on a laptop and the canvas
 * keeps the screen on a phone.
 */
import { useId, useState } from 'react';
import { Button } from '../../../../ui/Button';
import { downloadFile } from '../../app/export-file';
import type { Brainstorm, TextElement } from '#shared/nowou-records';
import { useNowou } from '../../nowou-context';
import { boardToCanvas, canvasFileName } from '../files/json-canvas';
import { boardToOutline } from '../files/markdown-outline';
import { boardToSvg } from '../files/svg-export';

export function BoardFiles({ board, nodes }: { board: Brainstorm; nodes: readonly TextElement[] }) {
  const { announce } = useNowou();
  const base = canvasFileName(board).replace(/\.canvas$/, '');
  const id = useId();
  const [open, setOpen] = useState(false);
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
        <Button
          variant="ghost"
          onClick={() => {
            downloadFile(canvasFileName(board), 'application/json', boardToCanvas(board, nodes));
            announce(`Exported ${board.title} as .canvas.`);
          }}
        >
          Export .canvas
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            downloadFile(`${base}.svg`, 'image/svg+xml', boardToSvg(board, nodes));
            announce(`Exported ${board.title} as SVG.`);
          }}
        >
          Export SVG
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            downloadFile(`${base}.md`, 'text/markdown', boardToOutline(board, nodes));
            announce(`Exported the outline of ${board.title}.`);
          }}
        >
          Export outline
        </Button>
      </div>
    </>
  );
}
