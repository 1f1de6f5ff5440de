/**
 * The features' pop-ups, registered with the shell's pop-up host (lib/popups): which component
 * renders each one and how to preload its lazily loaded content. The shell never imports a feature;
 * it asks this registry, which AppFrame hands to the PopupProvider.
 */
import { ACCOUNT_FORMS, AccountPopup } from '../features/accounts/AccountPopup';
import { INDICATOR_FORM, IndicatorFormPopup } from '../features/forms/IndicatorFormPopup';
import type { FeaturePopupRegistry } from '../lib/popups/popup-state';

export const FEATURE_POPUPS: FeaturePopupRegistry = {
  signUp: {
    render: (state, slot) => <AccountPopup name={state.name} {...slot} />,
    preload: ACCOUNT_FORMS.signUp.preload,
  },
  logIn: {
    render: (state, slot) => <AccountPopup name={state.name} {...slot} />,
    preload: ACCOUNT_FORMS.logIn.preload,
  },
  resetPassword: {
    render: (state, slot) => <AccountPopup name={state.name} {...slot} />,
    preload: ACCOUNT_FORMS.resetPassword.preload,
  },
  editAvatar: {
    render: (state, slot) => <AccountPopup name={state.name} {...slot} />,
    preload: ACCOUNT_FORMS.editAvatar.preload,
  },
  indicatorForm: {
    render: ({ product, kind }, slot) => (
      <IndicatorFormPopup product={product} kind={kind} {...slot} />
    ),
    preload: INDICATOR_FORM.preload,
  },
};
