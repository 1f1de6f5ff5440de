/** Steps in order, each with its number in a circle: how payment works, how a project runs. */
import type { ReactNode } from 'react';
import './numbered-steps.css';

export function NumberedSteps({ steps }: { steps: readonly ReactNode[] }) {
  return (
    <ol className="numbered-steps">
      {steps.map((step, index) => (
        <li key={index} className="numbered-steps__item">
          <p>{step}</p>
        </li>
      ))}
    </ol>
  );
}
