/**
 * /admin for whoever opens it: while the login check runs, a placeholder; signed out, a short
 * explanation with Log in; signed in below the admin rank (docs/product/accounts.md#admin-role: adminRank
 * above 9), the refusal; an admin, the desk. This only decides what to show: every call the desk
 * makes is checked on the server, which answers 401 or 403 whatever the page shows.
 */
import { isAdmin } from '../../lib/current-user';
import { useAuth } from '../../lib/auth/use-auth';
import { usePopups } from '../../lib/popups/use-popups';
import { Button } from '../../ui/Button';
import { ShieldIcon } from '../../ui/icons';
import { AdminDesk } from './AdminDesk';
import { MfaGate } from './mfa/MfaGate';
import './desk.css';

/** The server's refusal for a signed-in user without the rank (plugins/guards NOT_ALLOWED). */
export const NOT_ALLOWED = 'You do not have permission to do this.';

export function AdminView() {
  const { signedIn, user } = useAuth();
  if (signedIn === null) {
    return (
      <div className="admin-gate" aria-busy="true">
        <span className="visually-hidden" role="status">
          Checking whether you are logged in…
        </span>
        <span className="skeleton admin-gate__skeleton" />
      </div>
    );
  }
  if (!signedIn) return <SignedOut />;
  if (!isAdmin(user)) {
    return (
      <div className="admin-gate" data-tone="refused">
        <ShieldIcon size={28} className="admin-gate__icon" />
        <div className="admin-gate__text">
          <p className="admin-gate__title">{NOT_ALLOWED}</p>
          <p className="admin-gate__body">
            The desk is for the site owner. If this is your site, give your account the admin rank
            from the machine that runs it.
          </p>
        </div>
      </div>
    );
  }
  return (
    <MfaGate>
      <AdminDesk />
    </MfaGate>
  );
}

function SignedOut() {
  const { open } = usePopups();
  return (
    <div className="admin-gate">
      <ShieldIcon size={28} className="admin-gate__icon" />
      <div className="admin-gate__text">
        <p className="admin-gate__title">Log in to open the desk.</p>
        <p className="admin-gate__body">
          This page is for the site owner: the assistant&apos;s message, traffic and error reports.
          Log in with the owner&apos;s account to see them.
        </p>
        <div className="desk-actions desk-actions--start">
          <Button variant="primary" onClick={() => open({ name: 'logIn', stay: true })}>
            Log in
          </Button>
        </div>
      </div>
    </div>
  );
}
