/**
 * The side navigation (docs/product/shell.md#side-navigation): inline on desktop, the body of the
 * navigation pop-up on tablet and mobile. Title; logged out: the local avatar (opens Edit avatar),
 * the sign-up and log-in buttons; logged in: the account's avatar and username linking to /account (with a
 * small Edit avatar button on the avatar), and Log out; Admin (adminRank > 9), Nowou.
 * A busy state while the auth state is unknown.
 */
import { lazy, Suspense } from 'react';
import { Link } from '../../lib/navigation/router';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { useAuth } from '../../lib/auth/use-auth';
import { isAdmin } from '../../lib/current-user';
import { useLocalUserInfo } from '../../lib/use-local-user-info';
import { Avatar } from '../../ui/avatars/Avatar';
import { Button } from '../../ui/Button';
import { buttonClassName } from '../../ui/button-class';
import { NowouIcon, PencilIcon, ShieldIcon } from '../../ui/icons';
import { usePopups } from '../../lib/popups/use-popups';
import './navigation.css';

export interface NavigationPanelProps {
  variant: 'inline' | 'popup';
}

// Only a logged-in visitor sees it: it loads once the log-in check says so.
const LogOutButton = lazy(() =>
  import('./LogOutButton').then((m) => ({ default: m.LogOutButton })),
);

interface SignedOutProps {
  avatar: number;
  username: string;
  onEditAvatar?: () => void;
  onSignUp?: () => void;
  onLogIn?: () => void;
  preload?: (name: 'editAvatar' | 'signUp' | 'logIn') => void;
}

/** The local avatar, a greeting, the sign-up and log-in buttons (without handlers: the held copy under the skeleton). */
function SignedOut({ avatar, username, onEditAvatar, onSignUp, onLogIn, preload }: SignedOutProps) {
  return (
    <>
      <button
        type="button"
        className="navigation-panel__avatar"
        aria-label="Edit avatar"
        onPointerEnter={() => preload?.('editAvatar')}
        onClick={onEditAvatar}
      >
        <Avatar index={avatar} decorative />
      </button>
      {username && <p className="navigation-panel__username">{username}</p>}
      <p className="navigation-panel__greeting">
        Welcome! Make an account to keep your avatar and settings.
      </p>
      <div className="navigation-panel__auth">
        <Button
          variant="primary"
          fullWidth
          onPointerEnter={() => preload?.('signUp')}
          onFocus={() => preload?.('signUp')}
          onClick={onSignUp}
        >
          {COPY.navigationSignUp}
        </Button>
        <Button
          fullWidth
          onPointerEnter={() => preload?.('logIn')}
          onFocus={() => preload?.('logIn')}
          onClick={onLogIn}
        >
          Log in
        </Button>
      </div>
    </>
  );
}

export function NavigationPanel({ variant }: NavigationPanelProps) {
  const { signedIn, user } = useAuth();
  const local = useLocalUserInfo();
  const { open, close, preload } = usePopups();
  // Inside the pop-up a followed link closes it; inline there is nothing to close.
  const afterNavigate = variant === 'popup' ? close : undefined;

  return (
    <nav lang="en" className="navigation-panel" data-variant={variant} aria-label="Navigation">
      {/* The pop-up's own title already says Navigation. */}
      {variant === 'inline' && <h2 className="navigation-panel__title">Navigation</h2>}

      {signedIn === null ? (
        // The signed-out block's very layout, hidden under the skeleton: most visitors are signed
        // out, so nothing below moves when the check answers (docs/architecture.md#prerendered-pages).
        <div className="navigation-panel__account navigation-panel__checking" aria-busy="true">
          <span className="visually-hidden">Checking whether you are logged in…</span>
          <div className="navigation-panel__account navigation-panel__held" aria-hidden="true">
            <SignedOut avatar={local.avatar} username={local.username} />
          </div>
          <div className="navigation-panel__skeleton" aria-hidden="true">
            <span className="skeleton skeleton--avatar" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--button" />
            <span className="skeleton skeleton--button" />
          </div>
        </div>
      ) : signedIn && user ? (
        <div className="navigation-panel__account">
          <div className="navigation-panel__profile">
            <Link to={paths.account} className="navigation-panel__avatar" onClick={afterNavigate}>
              <Avatar index={user.avatar} decorative />
              <span className="navigation-panel__username">{user.username || 'Your account'}</span>
            </Link>
            <button
              type="button"
              className="navigation-panel__edit-avatar"
              aria-label="Edit avatar"
              title="Edit avatar"
              onPointerEnter={() => preload('editAvatar')}
              onClick={() => open({ name: 'editAvatar' })}
            >
              <span className="navigation-panel__edit-badge" aria-hidden="true">
                <PencilIcon size={14} />
              </span>
            </button>
          </div>
        </div>
      ) : (
        <div className="navigation-panel__account">
          <SignedOut
            avatar={local.avatar}
            username={local.username}
            onEditAvatar={() => open({ name: 'editAvatar' })}
            onSignUp={() => open({ name: 'signUp' })}
            onLogIn={() => open({ name: 'logIn' })}
            preload={preload}
          />
        </div>
      )}

      <ul className="navigation-panel__apps">
        {isAdmin(user) && (
          <li>
            <Link
              to={paths.admin}
              className={buttonClassName(
                { variant: 'ghost', fullWidth: true },
                'navigation-panel__app',
              )}
              onClick={afterNavigate}
            >
              <ShieldIcon />
              Admin
            </Link>
          </li>
        )}
        <li>
          <Link
            to={paths.nowou}
            className={buttonClassName(
              { variant: 'ghost', fullWidth: true },
              'navigation-panel__app',
            )}
            onClick={afterNavigate}
          >
            <NowouIcon />
            Nowou
          </Link>
        </li>
        {signedIn && (
          <li>
            <Suspense fallback={null}>
              <LogOutButton onLoggedOut={close} />
            </Suspense>
          </li>
        )}
      </ul>
    </nav>
  );
}
