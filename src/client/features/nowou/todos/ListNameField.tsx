/**
 * The "List name" field of New list and Rename, with its check: a name, at most LIST_NAME_MAX
 * characters. The input takes a few more so a long paste is told off rather than cut short.
 */
export const LIST_NAME_MAX = 60;

/** The problem with a list name, or null when it is fine. */
export function listNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Give the list a name.';
  if (name.trim().length > LIST_NAME_MAX)
    return `A list name has at most ${LIST_NAME_MAX} characters.`;
  return null;
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
