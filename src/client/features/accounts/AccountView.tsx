/**
 * /account (docs/product/accounts.md#account-page): the signed-in visitor's profile, newsletter, email,
 * password, passkeys, sessions and data; signed-out visitors get a short explanation with Log in and Sign up.
 * Also confirms the email address when the page is opened from the verification mail
 * (?verify=TOKEN).
 */
import type { ReactNode } from 'react';
import type { UserInfo } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { useAuth } from '../../lib/auth/use-auth';
import { usePopups } from '../../lib/popups/use-popups';
import { Avatar } from '../../ui/avatars/Avatar';
import { Button } from '../../ui/Button';
import { FormMessage } from '../../ui/form/FormMessage';
import { DataSection } from './DataSection';
import { formatDate } from '../../lib/date-format';
import { useEmailVerificationToken, type VerificationResult } from './use-email-verification-token';
import { EmailSection } from './EmailSection';
import { NewsletterSection } from './NewsletterSection';
import { PasskeyOffer, PasskeysSection, usePasskeys } from './PasskeysSection';
import { PasswordSection } from './PasswordSection';
import { ProductsSection } from './ProductsSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';
import './account-page.css';

/** `children`: more sections the page adds after the account's own (the owner's, for admins). */
export function AccountView({ children }: { children?: ReactNode }) {
  const { signedIn, info, refresh } = useAuth();
  const verification = useEmailVerificationToken(() => void refresh());

  return (
    <div className="account">
      <VerificationMessage result={verification} />
      {signedIn === null ? (
        <div className="account__checking" aria-busy="true">
          <span className="visually-hidden">Checking whether you are logged in…</span>
          <span className="skeleton account__skeleton-card" />
          <span className="skeleton account__skeleton-card" />
        </div>
      ) : signedIn && info ? (
        <SignedIn info={info}>{children}</SignedIn>
      ) : (
        <SignedOut />
      )}
    </div>
  );
}

function VerificationMessage({ result }: { result: VerificationResult }) {
  switch (result.phase) {
    case 'none':
      return null;
    case 'checking':
      return <FormMessage tone="success">Confirming your email address…</FormMessage>;
    case 'verified':
      return <FormMessage tone="success">Your email address is verified. Thank you!</FormMessage>;
    case 'failed':
      return (
        <FormMessage tone="error">
          {result.message === COPY.somethingWentWrongForm
            ? result.message
            : `${result.message} Log in and use "Resend verification mail" to get a new link.`}
        </FormMessage>
      );
  }
}

function memberSince(createdAt: string): string | null {
  if (Number.isNaN(new Date(createdAt).getTime())) return null;
  return formatDate(createdAt);
}

function SignedIn({ info, children }: { info: UserInfo; children?: ReactNode }) {
  const since = memberSince(info.createdAt);
  const passkeys = usePasskeys();
  return (
    <>
      <div className="account-summary">
        <Avatar index={info.avatar} size={88} />
        <div className="account-summary__text">
          <p className="account-summary__name">{info.username || 'No username yet'}</p>
          <p className="account-summary__meta">{info.email}</p>
          {since && <p className="account-summary__meta">Member since {since}</p>}
        </div>
      </div>
      <PasskeyOffer state={passkeys} />
      {/* Two columns where there is room for them (account-page.css), one below the other otherwise. */}
      <div className="account__sections">
        <div className="account__column">
          <ProfileSection info={info} />
          <ProductsSection info={info} />
          <NewsletterSection info={info} />
          <EmailSection info={info} />
        </div>
        <div className="account__column">
          <PasswordSection login={info.email} />
          <PasskeysSection state={passkeys} />
          <SessionsSection />
          <DataSection login={info.email} />
          {children}
        </div>
      </div>
    </>
  );
}

function SignedOut() {
  const { open } = usePopups();
  return (
    <div className="account-signed-out">
      <div className="account-signed-out__avatars" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <Avatar key={index} index={index} size={56} decorative />
        ))}
      </div>
      <p className="account-signed-out__text">
        Log in to choose your username and avatar, write a short bio, pick the newsletter, change
        your password and download or delete your data. No account yet? Signing up takes a minute.
      </p>
      <div className="account-form__actions account-form__actions--start">
        <Button variant="primary" onClick={() => open({ name: 'logIn', stay: true })}>
          Log in
        </Button>
        <Button onClick={() => open({ name: 'signUp', stay: true })}>Sign up</Button>
      </div>
    </div>
  );
}
