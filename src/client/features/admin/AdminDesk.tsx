/**
 * The owner's desk on /admin (adminRank > 9): one section per task (desk-sections.ts), each with its
 * heading and region, and the list of sections at the top.
 */
import { DeskSection } from './DeskSection';
import { DESK_SECTIONS } from './desk-sections';
import './desk.css';

export function AdminDesk() {
  return (
    <div className="desk">
      <nav className="desk__contents" aria-label="Desk sections">
        <ul className="desk__contents-list">
          {DESK_SECTIONS.map(({ id, title }) => (
            <li key={id}>
              <a className="desk__contents-link" href={`#${id}`}>
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {DESK_SECTIONS.map(({ id, title, description, Component }) => (
        <DeskSection key={id} id={id} title={title} description={description}>
          <Component />
        </DeskSection>
      ))}
    </div>
  );
}
