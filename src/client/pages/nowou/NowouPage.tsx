import { NowouApp } from '../../features/nowou/app/NowouApp';
import { useAuth } from '../../lib/auth/use-auth';
import { PageMain } from '../PageMain';
import './nowou.css';

export function NowouPage() {
  const { signedIn } = useAuth();
  return (
    <PageMain route="nowou" className="nowou">
      <div className="nowou__intro">
        <p className="page__eyebrow">Productivity app</p>
        <h1 className="nowou__title">Nowou</h1>
        <p className="nowou__lead">
          What you are doing now and what comes next, one to-do at a time.
        </p>
        {/* Signed in, the items sync; no offer to log in (docs/product/nowou.md#nowou-sync). */}
        <p className="nowou__storage">
          {signedIn
            ? 'Everything you make is kept in this browser, works offline and syncs through your account to all your devices.'
            : 'Everything you make is kept in this browser and works offline. Log in to have it on all your devices too.'}
        </p>
      </div>
      <NowouApp />
    </PageMain>
  );
}
