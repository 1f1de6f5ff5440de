/**
 * What the visitor sees of the assistant (docs/product/assistant.md#typing-and-bubble): a bar at the
 * top of the page's column, in its flow, with the character, its speech bubble or the log. In the
 * flow it pushes the page down instead of lying over its text and controls at some width and scroll
 * position; it is there only once the assistant has something to show.
 */
import { lazy, Suspense, useRef } from 'react';
import { useAssistantState } from '../../lib/assistant/use-assistant-state';
import { useIsClient } from '../../lib/use-is-client';
import './assistant.css';

// The character, bubble and log load with the first message: most pages never show one.
const AssistantView = lazy(() => import('./AssistantView'));

export function AssistantBar() {
  const { shown, log } = useAssistantState();
  const isClient = useIsClient();
  const containerRef = useRef<HTMLDivElement>(null);
  if (!isClient || (!shown && log.length === 0)) return null;
  return (
    <div ref={containerRef} className="assistant-bar" lang="en">
      <Suspense fallback={null}>
        <AssistantView containerRef={containerRef} />
      </Suspense>
    </div>
  );
}
