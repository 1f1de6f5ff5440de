/**
 * Where a list link ends: a check mark, what is now true and, when there is one, the way back
 * (Subscribe again). After a button press it takes focus, since the pressed button is gone; shown
 * on arrival (the link was already used) it leaves focus where the browser put it.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { CheckIcon } from '../../ui/icons';

interface ListResultProps {
  title: string;
  text: string;
  takeFocus: boolean;
  action?: ReactNode;
  problem?: ReactNode;
}

export function ListResult({ title, text, takeFocus, action, problem }: ListResultProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <section
      ref={ref}
      className="list-card list-card--done"
      tabIndex={-1}
      aria-labelledby="list-result-title"
    >
      <span className="list-card__icon" aria-hidden="true">
        <CheckIcon size={26} />
      </span>
      <h2 id="list-result-title" className="list-card__title">
        {title}
      </h2>
      <p className="list-card__text">{text}</p>
      {problem}
      {action && <div className="list-card__actions">{action}</div>}
    </section>
  );
}
