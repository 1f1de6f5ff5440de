/**
 * The features' pop-ups, registered with the shell's pop-up host (lib/popups): which component
 * renders each one and how to preload its content. The shell never imports a feature; it asks this
 * registry, which AppFrame hands to the PopupProvider. The pop-ups are lazily loaded like the
 * shell's own (nothing of them is on a page's first load); preloading one brings its frame and its
 * form together.
 */
import { lazy } from 'react';
import type { AccountPopupName } from '../features/accounts/AccountPopup';
import type { FeaturePopupRegistry } from '../lib/popups/popup-state';

const accountPopup = () => import('../features/accounts/AccountPopup');
const indicatorPopup = () => import('../features/forms/IndicatorFormPopup');

const AccountPopup = lazy(() => accountPopup().then((m) => ({ default: m.AccountPopup })));
const IndicatorFormPopup = lazy(() =>
  indicatorPopup().then((m) => ({ default: m.IndicatorFormPopup })),
);

const ignore = () => {
  // Offline now: the pop-up tries again when it opens.
};
const preloadAccount = (name: AccountPopupName) => () =>
  void accountPopup()
    .then((m) => m.ACCOUNT_FORMS[name].preload())
    .catch(ignore);

export const FEATURE_POPUPS: FeaturePopupRegistry = {
  signUp: {
    render: (state, slot) => <AccountPopup name={state.name} stay={state.stay} {...slot} />,
    preload: preloadAccount('signUp'),
  },
  logIn: {
    render: (state, slot) => <AccountPopup name={state.name} stay={state.stay} {...slot} />,
    preload: preloadAccount('logIn'),
  },
  resetPassword: {
    render: (state, slot) => <AccountPopup name={state.name} {...slot} />,
    preload: preloadAccount('resetPassword'),
  },
  editAvatar: {
    render: (state, slot) => <AccountPopup name={state.name} {...slot} />,
    preload: preloadAccount('editAvatar'),
  },
  indicatorForm: {
    render: ({ product, kind }, slot) => (
      <IndicatorFormPopup product={product} kind={kind} {...slot} />
    ),
    preload: () =>
      void indicatorPopup()
        .then((m) => m.INDICATOR_FORM.preload())
        .catch(ignore),
  },
};
