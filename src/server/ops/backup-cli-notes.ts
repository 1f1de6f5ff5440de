/** What the backup and restore commands tell the owner about the MFA key (docs/product/command-line.md#backups). */
export const MFA_KEY_NOTE =
  'Not in the backup: the MFA key (MFA_KEY, or mfa.key in DATA_DIR) that seals admins’ authenticator secrets. Keep a copy of it apart from the backups; without it admins set up their authenticator again (npm run admin -- reset-mfa <email>).';
