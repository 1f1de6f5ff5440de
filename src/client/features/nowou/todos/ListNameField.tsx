/**
 * The "List name" field of New list and Rename, with its check: a name, at most LIST_NAME_MAX
 * characters. The input takes a few more so a long paste is told off rather than cut short.
 */
import { useState } from 'react';

export const LIST_NAME_MAX = 60;

/** The problem with a list name, or null when it is fine. */
export function listNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Give the list a name.';
  if (name.trim().length > LIST_NAME_MAX)
    return `A list name has at most ${LIST_NAME_MAX} characters.`;
  return null;
}

/** A list name being typed, with what is wrong with it once it has been checked. */
export function useListName(initial: string) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    name,
    problem,
    /** Typing clears the problem shown. */
    onName: (typed: string) => {
      setName(typed);
      setProblem(null);
    },
    /** The trimmed name, or null after showing what is wrong with it. */
    check: (): string | null => {
      const wrong = listNameProblem(name);
      setProblem(wrong);
      return wrong ? null : name.trim();
    },
    reset: (to: string) => {
      setName(to);
      setProblem(null);
    },
    clearProblem: () => setProblem(null),
  };
}

interface ListNameFieldProps {
  /** The form's useId; the input is `${id}-name`, its problem `${id}-problem`. */
  id: string;
  name: string;
  problem: string | null;
  onName: (name: string) => void;
  /** Escape in the field. */
  onCancel: () => void;
}

export function ListNameField({ id, name, problem, onName, onCancel }: ListNameFieldProps) {
  return (
    <>
      <label htmlFor={`${id}-name`} className="todos__label">
        List name
      </label>
      <input
        id={`${id}-name`}
        className="todos__input"
        type="text"
        value={name}
        maxLength={LIST_NAME_MAX + 20}
        autoComplete="off"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the button just pressed
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onName(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onCancel()}
      />
      {problem && (
        <p id={`${id}-problem`} className="todos__error">
          {problem}
        </p>
      )}
    </>
  );
}
