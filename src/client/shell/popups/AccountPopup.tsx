/**
 * Sign up, Log in, Reset password and Edit avatar (spec §2, §4). Their forms arrive with the accounts
 * release; until then each says so honestly and keeps the spec's previous arrows: back to the
 * navigation, and from the reset form back to log-in (which links to it).
 */
import { Popup } from '../../ui/Popup';
import type { PopupSlotProps } from './popup-slot';
import type { PopupState } from './popup-state';
import { usePopups } from './PopupProvider';
import './popups.css';

type AccountPopupName = 'signUp' | 'logIn' | 'resetPassword' | 'editAvatar';

const ACCOUNT_POPUPS: Record<AccountPopupName, { title: string; text: string; back: PopupState }> =
  {
    signUp: {
      title: 'Sign up',
      text: 'Accounts open soon: sign-up arrives with the next release.',
      back: { name: 'navigation' },
    },
    logIn: {
      title: 'Log in',
      text: 'Accounts open soon: log-in arrives with the next release.',
      back: { name: 'navigation' },
    },
    resetPassword: {
      title: 'Reset password',
      text: 'Accounts open soon: password reset arrives with the next release.',
      back: { name: 'logIn' },
    },
    editAvatar: {
      title: 'Edit avatar',
      text: 'Accounts open soon: choosing your avatar arrives with the next release.',
      back: { name: 'navigation' },
    },
  };

export function AccountPopup({ name, ...slot }: PopupSlotProps & { name: AccountPopupName }) {
  const { open, close } = usePopups();
  const { title, text, back } = ACCOUNT_POPUPS[name];
  return (
    <Popup title={title} onClose={close} onBack={() => open(back)} {...slot}>
      <p className="popup__text">{text}</p>
      {name === 'logIn' && (
        <button
          type="button"
          className="popup-link-button"
          onClick={() => open({ name: 'resetPassword' })}
        >
          Forgot your password?
        </button>
      )}
    </Popup>
  );
}
