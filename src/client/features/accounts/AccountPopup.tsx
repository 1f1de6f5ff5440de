/**
 * Sign up, Log in, Reset password and Edit avatar (docs/product/shell.md#pop-ups) in the one Popup, with
 * the previous arrows of docs/product/shell.md#pop-up-chains-and-previous-arrows: back to the navigation,
 * and from the reset form back to log-in. The forms are lazily loaded chunks; app/ registers these
 * pop-ups with the shell's host, which mounts this fresh for every open, so a reopened form starts
 * empty.
 */
import type { AccountFormProps } from './account-form-props';
import type { PopupSlotProps } from '../../lib/popups/popup-slot';
import type { PopupState } from '../../lib/popups/popup-state';
import { usePopups } from '../../lib/popups/use-popups';
import { lazyBody, LazyPopupBody, type LazyBody } from '../../ui/LazyPopupBody';
import { Popup } from '../../ui/Popup';

export type AccountPopupName = 'signUp' | 'logIn' | 'resetPassword' | 'editAvatar';

/** Each form's chunk: `ACCOUNT_FORMS.logIn.preload()` starts loading it before it opens. */
export const ACCOUNT_FORMS: Record<AccountPopupName, LazyBody<AccountFormProps>> = {
  signUp: lazyBody(() => import('./SignUpForm').then((m) => m.SignUpForm)),
  logIn: lazyBody(() => import('./LogInForm').then((m) => m.LogInForm)),
  resetPassword: lazyBody(() => import('./ResetPasswordForm').then((m) => m.ResetPasswordForm)),
  editAvatar: lazyBody(() => import('./EditAvatarForm').then((m) => m.EditAvatarForm)),
};

const ACCOUNT_POPUPS: Record<AccountPopupName, { title: string; back: PopupState }> = {
  signUp: { title: 'Sign up', back: { name: 'navigation' } },
  logIn: { title: 'Log in', back: { name: 'navigation' } },
  resetPassword: { title: 'Reset password', back: { name: 'logIn' } },
  editAvatar: { title: 'Edit avatar', back: { name: 'navigation' } },
};

export function AccountPopup({
  name,
  stay,
  ...slot
}: PopupSlotProps & { name: AccountPopupName; stay?: boolean | undefined }) {
  const { open, close } = usePopups();
  const { title, back } = ACCOUNT_POPUPS[name];
  return (
    <Popup title={title} onClose={close} onBack={() => open(back)} {...slot}>
      <LazyPopupBody
        body={ACCOUNT_FORMS[name]}
        loadingLabel={`Loading ${title.toLowerCase()}`}
        props={stay ? { stay } : {}}
      />
    </Popup>
  );
}
