import { NowouApp } from '../../features/nowou/app/NowouApp';
import { PageMain } from '../PageMain';
import './nowou.css';

export function NowouPage() {
  return (
    <PageMain route="nowou" className="nowou">
      <div className="nowou__intro">
        <p className="page__eyebrow">Productivity app</p>
        <h1 className="nowou__title">Nowou</h1>
        <p className="nowou__lead">
          What you are doing now and what comes next, one to-do at a time.
        </p>
        <p className="nowou__storage">
          Everything you make is kept in this browser and works offline. Log in to have it on all
          your devices too.
        </p>
      </div>
      <NowouApp />
    </PageMain>
  );
}
