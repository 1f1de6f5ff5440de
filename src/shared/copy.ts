/** User-visible texts the product keeps word for word (docs/product/api.md#fixed-copy). */
export const COPY = {
  leaveSite:
    "You're about to leave this website and navigate to the link below. Would you like to proceed?",
  errorReportTitle: 'Something went wrong..',
  errorReportBody:
    "If you want us to take a look at this, you can report this error. The report may reveal data you entered, and it would be stored on this site's own server, where only its owner reads it.",
  somethingWentWrongForm: 'Something went wrong..',
  somethingWentWrongReset: 'Something went wrong.',
  signUpFailedAssistant:
    'Something went wrong, please contact our support if you experience problems with your account.',
  offlineDocument: 'Failed to get document because the client is offline.',
  offlineQuery: 'Failed to get documents because the client is offline.',
  cookieNotice: 'This website only uses necessary cookies.',
  donateHover: 'THANK YOU!',
  copyAddress: 'Copy address',
  copied: 'Copied!',
  yes: 'Yes',
  no: 'No',
  /**
   * The side navigation's sign-up button, cased as the spec's section 2 writes it; every other
   * place says "Sign up" (tests/docs/words.test.ts).
   */
  navigationSignUp: 'Sign Up',
} as const;
