import './icon-button.css';

/** A small indeterminate spinner; pass a label when nothing else announces the wait. */
export function Spinner({ label, size = 20 }: { label?: string; size?: number }) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
