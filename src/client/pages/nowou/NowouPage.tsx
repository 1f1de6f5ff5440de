import { NowouIllustration } from '../illustrations/illustrations';
import { PageMain } from '../PageMain';
import './nowou.css';

const FEATURES = [
  {
    title: 'Timelines',
    text: 'Lay out a project, a week or a year as a line of moments you can move around.',
    icon: 'M3 12h18M7 8v8M12 10v4M17 8v8',
  },
  {
    title: 'Text boxes',
    text: 'Drop notes anywhere and keep the thought next to the thing it belongs to.',
    icon: 'M5 5h14v14H5zM8 9h8M8 12h8M8 15h5',
  },
  {
    title: 'Brainstorms',
    text: 'Start from one word and branch out until the idea has a shape.',
    icon: 'M12 12m-3 0a3 3 0 1 0 6 0a3 3 0 1 0-6 0M12 9V4M14.6 13.5l4.4 2.5M9.4 13.5L5 16',
  },
  {
    title: 'To-dos',
    text: 'Small checklists that sit on your timeline, so plans turn into done.',
    icon: 'M5 7l2 2 4-4M5 15l2 2 4-4M14 8h5M14 16h5',
  },
];

export function NowouPage() {
  return (
    <PageMain route="nowou" className="nowou">
      <section className="nowou__hero">
        <div className="nowou__intro">
          <p className="page__eyebrow">Productivity app</p>
          <h1 className="nowou__title">Nowou</h1>
          <p className="nowou__lead">
            A calm space for what you are doing now and what comes next: timelines, text boxes,
            brainstorms and to-dos in one place.
          </p>
          <p className="nowou__storage">
            Everything you make stays in this browser. No account needed, nothing sent anywhere.
          </p>
        </div>
        <div className="nowou__art">
          <NowouIllustration />
        </div>
      </section>

      <ul className="nowou__features">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="nowou__feature">
            <svg
              viewBox="0 0 24 24"
              width="28"
              height="28"
              aria-hidden="true"
              focusable="false"
              className="nowou__feature-icon"
            >
              <path d={feature.icon} />
            </svg>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>

      <p className="page__later">
        <span className="page__later-dot" aria-hidden="true" />
        <span>The app itself arrives with a later release; it will open right here.</span>
      </p>
    </PageMain>
  );
}
