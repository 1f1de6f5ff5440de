/**
 * Sign up, Log in, Reset password and Edit avatar (spec §2, §4) in the one Popup, with the spec's
 * previous arrows: back to the navigation, and from the reset form back to log-in. The forms are
 * lazily loaded chunks (they bring the shared zod schemas, which stay out of the first load); the
 * host mounts this fresh for every open, so a reopened form starts empty.
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { COPY } from '#shared/copy';
import { FormMessage } from '../../ui/FormMessage';
import { Popup } from '../../ui/Popup';
import { Spinner } from '../../ui/Spinner';
import type { PopupSlotProps } from './popup-slot';
import type { PopupState } from './popup-state';
import { usePopups } from './PopupProvider';
import './account-popup.css';
import './popups.css';

type AccountPopupName = 'signUp' | 'logIn' | 'resetPassword' | 'editAvatar';

const LOADERS: Record<AccountPopupName, () => Promise<{ default: ComponentType }>> = {
  signUp: () =>
    import('../../features/accounts/SignUpForm').then((m) => ({ default: m.SignUpForm })),
  logIn: () => import('../../features/accounts/LogInForm').then((m) => ({ default: m.LogInForm })),
  resetPassword: () =>
    import('../../features/accounts/ResetPasswordForm').then((m) => ({
      default: m.ResetPasswordForm,
    })),
  editAvatar: () =>
    import('../../features/accounts/EditAvatarForm').then((m) => ({
      default: m.EditAvatarForm,
    })),
};

const ACCOUNT_POPUPS: Record<AccountPopupName, { title: string; back: PopupState }> = {
  signUp: { title: 'Sign up', back: { name: 'navigation' } },
  logIn: { title: 'Log in', back: { name: 'navigation' } },
  resetPassword: { title: 'Reset password', back: { name: 'logIn' } },
  editAvatar: { title: 'Edit avatar', back: { name: 'navigation' } },
};

/** Starts loading a form before it is opened (e.g. when the pointer reaches its button). */
export function preloadAccountPopup(name: AccountPopupName): void {
  LOADERS[name]().catch(() => {
    // Offline now: the pop-up tries again when it opens.
  });
}

// One lazy component per form, kept while it loads fine; a failed one is dropped so the next open
// fetches the chunk again (React.lazy remembers a failure for good).
const forms = new Map<AccountPopupName, ComponentType>();

function lazyForm(name: AccountPopupName): ComponentType {
  let form = forms.get(name);
  if (!form) {
    form = lazy(LOADERS[name]);
    forms.set(name, form);
  }
  return form;
}

/** A form whose chunk cannot load (offline) says so instead of taking the shell down. */
class FormLoadBoundary extends Component<
  { name: AccountPopupName; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    forms.delete(this.props.name);
  }

  override render() {
    if (this.state.failed) {
      return (
        <FormMessage tone="error">
          {COPY.somethingWentWrongForm} The form could not load. Check your connection, then close
          this and try again.
        </FormMessage>
      );
    }
    return this.props.children;
  }
}

export function AccountPopup({ name, ...slot }: PopupSlotProps & { name: AccountPopupName }) {
  const { open, close } = usePopups();
  const { title, back } = ACCOUNT_POPUPS[name];
  const [Form] = useState(() => lazyForm(name));
  return (
    <Popup title={title} onClose={close} onBack={() => open(back)} {...slot}>
      <FormLoadBoundary name={name}>
        <Suspense
          fallback={
            <div className="account-popup__loading">
              <Spinner label={`Loading ${title.toLowerCase()}`} size={28} />
            </div>
          }
        >
          <Form />
        </Suspense>
      </FormLoadBoundary>
    </Popup>
  );
}
