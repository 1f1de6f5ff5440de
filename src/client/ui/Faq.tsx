/** Questions that open to their answers (native details/summary: keyboard and screen readers for free). */
import type { ReactNode } from 'react';
import './faq.css';

export interface FaqEntry {
  question: string;
  answer: ReactNode;
}

export function Faq({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <div className="faq">
      {entries.map((entry) => (
        <details key={entry.question} className="faq__item">
          <summary className="faq__question">{entry.question}</summary>
          <p className="faq__answer">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
