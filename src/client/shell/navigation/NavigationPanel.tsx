/**
 * The side navigation (spec §2): inline on desktop, the body of the navigation pop-up on tablet and
 * mobile. Title, avatar, Sign Up / Log in or the username and Log out, Admin (adminRank > 9), Nowou.
 */
import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { useAuth } from '../../lib/auth-state';
import { isAdmin } from '../../lib/current-user';
import { Button } from '../../ui/Button';
import { buttonClassName } from '../../ui/button-class';
import { LogOutIcon, NowouIcon, ShieldIcon } from '../../ui/icons';
import { usePopups } from '../popups/PopupProvider';
import { PlaceholderAvatar } from './PlaceholderAvatar';
import './navigation.css';

export interface NavigationPanelProps {
  variant: 'inline' | 'popup';
}

export function NavigationPanel({ variant }: NavigationPanelProps) {
  const { signedIn, user, logOut } = useAuth();
  const { open, close } = usePopups();
  // Inside the pop-up a followed link closes it; inline there is nothing to close.
  const afterNavigate = variant === 'popup' ? close : undefined;

  async function handleLogOut() {
    try {
      await logOut();
      close();
    } catch (error) {
      open({
        name: 'errorReport',
        report: {
          error: error instanceof Error ? error.message : String(error),
          errorName: 'handleLogOut',
        },
      });
    }
  }

  return (
    <nav className="navigation-panel" data-variant={variant} aria-label="Navigation">
      {/* The pop-up's own title already says Navigation. */}
      {variant === 'inline' && <h2 className="navigation-panel__title">Navigation</h2>}

      {signedIn === null ? (
        <div className="navigation-panel__account" aria-busy="true">
          <span className="visually-hidden">Checking whether you are logged in…</span>
          <span className="skeleton skeleton--avatar" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--button" />
          <span className="skeleton skeleton--button" />
        </div>
      ) : signedIn && user ? (
        <div className="navigation-panel__account">
          <Link to={paths.account} className="navigation-panel__avatar" onClick={afterNavigate}>
            <PlaceholderAvatar />
            <span className="navigation-panel__username">{user.username || 'Your account'}</span>
          </Link>
        </div>
      ) : (
        <div className="navigation-panel__account">
          <button
            type="button"
            className="navigation-panel__avatar"
            aria-label="Edit avatar"
            onClick={() => open({ name: 'editAvatar' })}
          >
            <PlaceholderAvatar />
          </button>
          <p className="navigation-panel__greeting">
            Welcome! Make an account to keep your avatar and settings.
          </p>
          <div className="navigation-panel__auth">
            <Button variant="primary" fullWidth onClick={() => open({ name: 'signUp' })}>
              Sign Up
            </Button>
            <Button fullWidth onClick={() => open({ name: 'logIn' })}>
              Log in
            </Button>
          </div>
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
            <Button
              variant="ghost"
              fullWidth
              className="navigation-panel__app"
              onClick={() => void handleLogOut()}
            >
              <LogOutIcon />
              Log out
            </Button>
          </li>
        )}
      </ul>
    </nav>
  );
}
