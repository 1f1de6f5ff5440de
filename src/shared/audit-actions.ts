/**
 * The audit log's actions in words, for the desk's What filter and each entry
 * (docs/product/desk.md#audit-log). An action is a name (`accounts.rank`) or, for the desk's other
 * admin routes, `METHOD /route`; every action the app can record has its words here (a test reads
 * the routes the server audits), and one this list does not know still reads as words, never as
 * a route.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'admin.login': 'Desk log-in',
  'mfa.verify': 'Authenticator code entered',
  'mfa.enrolment-start': 'Authenticator set-up started',
  'mfa.enrolment-confirm': 'Authenticator app confirmed',
  'mfa.recovery-codes-replace': 'New recovery codes',
  'mfa.reset': 'Authenticator reset',
  'mfa.passkey-required': 'Passkey requirement changed',
  'accounts.export': 'Accounts exported as CSV',
  'accounts.rank': 'Rank changed',
  'accounts.early-user': 'Early-user mark changed',
  'accounts.disable': 'Account disabled',
  'accounts.enable': 'Account enabled',
  'accounts.end-sessions': 'Sessions ended',
  'accounts.resend-verification': 'Verification mail sent again',
  'accounts.delete': 'Account deleted',
  'errors.group-state': 'Error group marked',
  'content.publish': 'Words published',
  'content.discard': 'Draft of words discarded',
  'content.restore': 'Earlier words restored',
  'content.import': 'Words imported from a folder',
  'mail.release': 'Mail released after a restore',
  'POST /api/admin/assistant-messages': 'Assistant message posted',
  'DELETE /api/admin/assistant-messages/current': 'Assistant message cleared',
  'PUT /api/admin/assistant-messages/:id': 'Scheduled message changed',
  'DELETE /api/admin/assistant-messages/:id': 'Scheduled message cancelled',
  'DELETE /api/admin/errors/:id': 'Error report deleted',
  'DELETE /api/admin/submissions/:id': 'Submission deleted',
  'POST /api/admin/product-access/:id/grant': 'Indicator access granted',
  'POST /api/admin/product-access/:id/extend': 'Indicator access extended',
  'POST /api/admin/product-access/:id/revoke': 'Indicator access revoked',
  'POST /api/admin/product-access/:id/removed': 'Indicator access marked removed',
  'POST /api/admin/newsletters': 'Newsletter sent',
  'POST /api/admin/newsletters/test': 'Newsletter test sent',
  'PUT /api/admin/notifications': 'Notification mails set',
};

const METHOD_WORDS: Record<string, string> = {
  POST: 'posted',
  PUT: 'changed',
  PATCH: 'changed',
  DELETE: 'deleted',
  GET: 'read',
};

export function hasAuditActionLabel(action: string): boolean {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action);
}

/**
 * "Rank changed" for `accounts.rank`; an action not listed reads from its words: "Widgets
 * (deleted)" for `DELETE /api/admin/widgets/:id`, "Widgets sync" for `widgets.sync`.
 */
export function auditActionLabel(action: string): string {
  if (hasAuditActionLabel(action)) return AUDIT_ACTION_LABELS[action]!;
  const route = /^([A-Z]+) \/api\/admin\/(.+)$/.exec(action);
  const words = (route ? route[2]! : action)
    .split(/[/.]/)
    .filter((part) => part !== '' && !part.startsWith(':'))
    .join(' ')
    .replace(/-/g, ' ');
  const named = words.charAt(0).toUpperCase() + words.slice(1);
  return route ? `${named} (${METHOD_WORDS[route[1]!] ?? route[1]!.toLowerCase()})` : named;
}
