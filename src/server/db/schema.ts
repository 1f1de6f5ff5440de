/**
 * The tables as Kysely sees them (docs/product/data.md#stored-data), shared by SQLite and PostgreSQL:
 * ids are app-generated text, timestamps ISO-8601 UTC text, booleans 0/1, JSON payloads text.
 * Columns with a database default are `Generated`, so inserts may leave them out.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** 0 or 1: the one boolean representation both databases store the same way. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  /** Stored trimmed and lower-cased; unique. */
  email: string;
  email_verified: Generated<Flag>;
  password_hash: string;
  username: string;
  /** username lower-cased: usernames are unique regardless of case. */
  username_key: string;
  /**
   * The name's confusable skeleton (features/accounts/username-skeleton.ts): names that look alike
   * share it, and it is unique among accounts without skeleton_clash. Null only on rows written
   * outside the app (seeds).
   */
  username_skeleton: Generated<string | null>;
  /** 1 on an account that already looked like an older one when the rule came (migration 0016). */
  skeleton_clash: Generated<Flag>;
  avatar: Generated<number>;
  bio: Generated<string>;
  admin_rank: Generated<number>;
  early_user: Generated<Flag>;
  subscribed_to_newsletter: Generated<Flag>;
  created_at: string;
  /** When the owner disabled the account (it cannot sign in and has no sessions); null when enabled. */
  disabled_at: Generated<string | null>;
  disabled_reason: Generated<string | null>;
}

export interface SessionsTable {
  /** sha-256 (hex) of the opaque token in the cookie; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  /** When an authenticator code (or recovery code) was last entered in this session; admins need one. */
  mfa_verified_at: Generated<string | null>;
  /** The device it signed in from, in words (features/accounts/device-label.ts); null before. */
  device: Generated<string | null>;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  /** The address the link was sent to: verifying it only counts while it is still the account's. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ProductAccessTable {
  id: string;
  user_id: string;
  /** e.g. `longAndShortPosition`. */
  product: string;
  /** `freeTrial` or `purchase`. */
  kind: string;
  /** The buyer's user name on the indicator's platform. */
  platform_username: string;
  /** platform_username lower-cased: one free trial per product and username, whatever the case. */
  platform_username_key: string | null;
  /** `requested`, `active`, `revoked` or `declined` (#shared/indicator-products). */
  status: string;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
  /** When the owner marked an ended or revoked access as taken off TradingView. */
  removed_at: string | null;
}

export interface SubmissionsTable {
  id: string;
  /** e.g. `products/indicators/longAndShortPosition/freeTrial`, `jobs/lokalaJobb`, `contact`. */
  type: string;
  user_id: string | null;
  /** JSON: agreements, specialAgreements, inputs, textAreas, preferences. */
  payload: string;
  status: Generated<string>;
  created_at: string;
}

export interface ErrorReportsTable {
  id: string;
  error: string;
  error_name: string;
  page: string | null;
  user_id: string | null;
  created_at: string;
  /** The group of reports with the same name, masked text and page (error_groups). */
  group_id: Generated<string | null>;
}

/** Reports with the same name, masked text and page key (docs/product/forms.md#error-reports). */
export interface ErrorGroupsTable {
  id: string;
  /** SHA-256 (hex) of the name, page key and masked text. */
  fingerprint: string;
  error_name: string;
  error: string;
  page: string | null;
  /** open, resolved or ignored; a resolved group reported again is open. */
  state: string;
  count: number;
  first_seen: string;
  last_seen: string;
  state_changed_at: string | null;
}

export interface PageVisitsTable {
  page_key: string;
  count: Generated<number>;
}

export interface PageVisitsDailyTable {
  page_key: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  count: Generated<number>;
}

/** Counted visits per source, UTC day and page (docs/product/visits.md#visit-sources). */
export interface VisitSourcesDailyTable {
  source: string;
  day: string;
  page_key: string;
  count: number;
}

/** Counted visits per source and UTC day. */
export interface VisitSourceDaysTable {
  day: string;
  source: string;
  count: number;
}

/** Counted visits per source and UTC month ('YYYY-MM'). */
export interface VisitSourceMonthsTable {
  month: string;
  source: string;
  count: number;
}

/** Visits left out per UTC day and reason (admin, optedOut, bot, noPageLoad). */
export interface VisitExclusionsTable {
  day: string;
  reason: string;
  count: number;
}

export interface AssistantMessagesTable {
  id: string;
  text: string;
  /** JSON array of page keys. */
  pages: string;
  created_at: string;
  created_by: string | null;
  /** When the owner cleared it (or cancelled it before its start); it is no longer shown. */
  cleared_at: string | null;
  /** When it starts to show: its posting time, or the time it was scheduled for (0023 fills old rows). */
  starts_at: string;
  /** When it stops showing; null: until replaced or cleared. */
  ends_at: string | null;
}

export interface MailListMembersTable {
  id: string;
  /** `newsletter`, `lokalaJobb` or `pitches`. */
  list: string;
  /** Stored trimmed and lower-cased; one row per list and address. */
  email: string;
  user_id: string | null;
  /**
   * sha-256 (hex) of the member's unsubscribe token (an HMAC of the member id, server/mail-lists);
   * the token itself is never stored.
   */
  unsubscribe_token: string;
  /** `pending` (confirmation mail sent), `subscribed` (confirmed) or `unsubscribed`. */
  state: Generated<string>;
  /** Part of the current confirmation link's HMAC; replaced by each new confirmation mail. */
  confirm_nonce: string | null;
  created_at: string;
  updated_at: string;
}

/** Secrets made by the app itself on first use and shared by every instance (e.g. the HMAC key). */
export interface AppSecretsTable {
  name: string;
  value: string;
}

/** A mail the owner sent to the confirmed members of one list. */
export interface NewslettersTable {
  id: string;
  /** `newsletter`, `lokalaJobb` or `pitches`. */
  list: string;
  subject: string;
  /** Plain text as the owner wrote it. */
  text: string;
  created_at: string;
  created_by: string | null;
  /** How many mails were queued for it. */
  recipients: number;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON object of extra headers, e.g. List-Unsubscribe. */
  headers: string | null;
  /** `queued`, `sent` or `failed`. */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** While set and in the future, one instance is sending this mail (its lease). */
  locked_until: string | null;
  /** The claim id of the instance holding the lease. */
  locked_by: string | null;
  /** The newsletter this mail is one copy of, if any. */
  newsletter_id: string | null;
}

/**
 * What changed, for the other processes on one SQLite file (features/live/sqlite-bus.ts): the kind
 * and the id of the thing, never its content.
 */
export interface LiveNoticesTable {
  id: Generated<number>;
  kind: string;
  ref: string;
  /** The process that wrote it, so it skips its own rows. */
  origin: string;
  created_at: string;
}

/** Fixed-window counters (plugins/rate-limit.ts): one row per key and window. */
/** The one-time code the command line prints for an admin's first authenticator set-up. */
export interface MfaEnrolmentCodesTable {
  user_id: string;
  /** sha-256 (hex) of the code without dashes; the code itself is never stored. */
  code_hash: string;
  created_at: string;
  expires_at: string;
}

/** A browser (its device cookie) that proved itself to an account before (accounts/known-devices.ts). */
export interface KnownDevicesTable {
  /** sha-256 (hex) of the device cookie's token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  /** The last right password from this browser (null: it only entered a code). */
  login_at: string | null;
  /** The last right authenticator or recovery code from this browser. */
  mfa_verified_at: string | null;
}

/** Per account and kind of try: when the next try from an unknown browser may come (plugins/attempt-gate.ts). */
export interface AttemptGatesTable {
  /** The gate's name and the subject's SHA-256, e.g. `login:unknown:<digest>`. */
  key: string;
  /** Tries in a row that failed (counted before they are checked; a right one is taken back off). */
  failures: Generated<number>;
  /** Raised by every change, so a change is made only to the row that was read. */
  version: Generated<number>;
  last_failure_at: string | null;
  open_at: string;
  /** When the failures are forgotten and the row can go. */
  expires_at: string;
}

export interface RateLimitsTable {
  /** e.g. `login:address:203.0.113.7`. */
  key: string;
  window_start: string;
  count: Generated<number>;
  /** When the window ends and the counter can go (null on rows from before this column). */
  expires_at: string | null;
}

/** An admin's authenticator (features/mfa): the TOTP secret sealed with the configured key. */
export interface AdminMfaTable {
  user_id: string;
  secret_sealed: string;
  created_at: string;
  /** Set once the first code confirmed the enrolment; until then the secret is only offered. */
  confirmed_at: string | null;
  /** The 30-second step of the last code accepted: that code and older ones are refused. */
  last_used_step: number | null;
  /** A replacement offered while this one works; it takes over when a code from it is confirmed. */
  pending_secret_sealed: Generated<string | null>;
  /** The session that entered the enrolment code and was offered the first set-up: only it confirms. */
  enrolment_session_hash: Generated<string | null>;
}

/** Single-use recovery codes, stored as their SHA-256. */
export interface MfaRecoveryCodesTable {
  code_hash: string;
  user_id: string;
  created_at: string;
  used_at: string | null;
}

/** Append-only (features/audit): the database refuses UPDATE and DELETE on it. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: string | null;
  /** The actor's email at the time, or `command line`. */
  actor_label: string;
  /** e.g. `accounts.disable`, `admin.login`, `mfa.verify`. */
  action: string;
  target_id: string | null;
  /** `success`, `failure` or `denied`. */
  outcome: string;
  /** JSON object: the changed fields, never a secret. */
  details: string;
  request_id: string | null;
  /** `desk` or `command line`. */
  source: string;
}

/** An admin's notification mails (docs/product/mail.md#owner-notifications); no row: none. */
export interface AdminNotificationsTable {
  user_id: string;
  /** instant or daily */
  mode: string;
  /** The UTC day of the last daily digest, or null before the first. */
  digest_day: string | null;
  /** Events after this time go in the next digest (for `instant`, the next mail of held ones). */
  digest_at: string;
}

/** Something that needs the owner's answer, for the notification mails. */
export interface NotificationEventsTable {
  id: string;
  kind: string;
  summary: string;
  created_at: string;
  /** 1 when past the cap on mails at once: those admins get it in a later mail with the rest. */
  held: Generated<number>;
}

/** A switch that is on (migration 0035; docs/product/command-line.md#backups). */
export interface SiteFlagsTable {
  name: 'mail_paused';
  reason: string;
  set_at: string;
}

/** One published revision of a document of the site's words (migration 0045); never changed. */
export interface ContentRevisionsTable {
  doc_key: string;
  revision: number;
  /** The document as JSON. */
  value: string;
  published_at: string;
  /** The admin who published it; null for the words first taken from `content/` or imported. */
  published_by: string | null;
  /** Their username when they published it (kept if the account goes). */
  published_by_name: string | null;
  /** shipped, desk, restore or import */
  source: string;
  restored_from: number | null;
}

/** An admin's unpublished changes to a document, and the revision they started from. */
export interface ContentDraftsTable {
  doc_key: string;
  user_id: string;
  base_revision: number;
  value: string;
  updated_at: string;
}

/** One row (id 1): the content version every publish raises, and the last `content/` taken in. */
export interface ContentStateTable {
  id: number;
  version: number;
  /** sha-256 of the `content/` folder when it was last seeded or imported. */
  folder_hash: string | null;
  updated_at: string;
}

/** An account's WebAuthn credential (features/passkeys). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** base64url, unique across every account. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter; synced passkeys keep 0. */
  counter: Generated<number>;
  /** JSON array of the transports the browser reported (internal, hybrid, usb…). */
  transports: Generated<string>;
  name: string;
  /** 0/1: the authenticator may sync it (a multi-device passkey). */
  backup_eligible: Generated<Flag>;
  /** 0/1: it was backed up (synced) when last used. */
  backed_up: Generated<Flag>;
  /** 0/1: added in a session that had passed the desk's second factor, so it may serve as one. */
  desk: Generated<Flag>;
  created_at: string;
  last_used_at: string | null;
}

/** A ceremony's challenge, kept as its SHA-256 until used or five minutes old. */
export interface PasskeyChallengesTable {
  challenge_hash: string;
  /** register, sign-in or desk */
  purpose: string;
  /** The account it was offered to; null for a sign-in, where the passkey names the account. */
  user_id: string | null;
  created_at: string;
  expires_at: string;
}

/** Admins whose desk accepts only a passkey (no authenticator-app code). */
export interface PasskeyRequirementsTable {
  user_id: string;
  required_at: string;
}

export interface Database {
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  passkey_requirements: PasskeyRequirementsTable;
  content_revisions: ContentRevisionsTable;
  content_drafts: ContentDraftsTable;
  content_state: ContentStateTable;
  site_flags: SiteFlagsTable;
  admin_notifications: AdminNotificationsTable;
  notification_events: NotificationEventsTable;
  error_groups: ErrorGroupsTable;
  visit_sources_daily: VisitSourcesDailyTable;
  visit_source_days: VisitSourceDaysTable;
  visit_source_months: VisitSourceMonthsTable;
  visit_exclusions: VisitExclusionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  product_access: ProductAccessTable;
  submissions: SubmissionsTable;
  error_reports: ErrorReportsTable;
  page_visits: PageVisitsTable;
  page_visits_daily: PageVisitsDailyTable;
  assistant_messages: AssistantMessagesTable;
  mail_list_members: MailListMembersTable;
  mail_list_events: MailListEventsTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  attempt_gates: AttemptGatesTable;
  known_devices: KnownDevicesTable;
  live_notices: LiveNoticesTable;
  app_secrets: AppSecretsTable;
  newsletters: NewslettersTable;
  admin_mfa: AdminMfaTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_enrolment_codes: MfaEnrolmentCodesTable;
  audit_log: AuditLogTable;
  nowou_sync_state: NowouSyncStateTable;
  nowou_items: NowouItemsTable;
  nowou_item_history: NowouItemHistoryTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export type Session = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type SessionUpdate = Updateable<SessionsTable>;

export type PasswordReset = Selectable<PasswordResetsTable>;
export type NewPasswordReset = Insertable<PasswordResetsTable>;
export type PasswordResetUpdate = Updateable<PasswordResetsTable>;

export type EmailVerification = Selectable<EmailVerificationsTable>;
export type NewEmailVerification = Insertable<EmailVerificationsTable>;
export type EmailVerificationUpdate = Updateable<EmailVerificationsTable>;

export type ProductAccess = Selectable<ProductAccessTable>;
export type NewProductAccess = Insertable<ProductAccessTable>;
export type ProductAccessUpdate = Updateable<ProductAccessTable>;

export type Submission = Selectable<SubmissionsTable>;
export type NewSubmission = Insertable<SubmissionsTable>;
export type SubmissionUpdate = Updateable<SubmissionsTable>;

export type ErrorReport = Selectable<ErrorReportsTable>;
export type NewErrorReport = Insertable<ErrorReportsTable>;

export type PageVisit = Selectable<PageVisitsTable>;
export type PageVisitDaily = Selectable<PageVisitsDailyTable>;

export type AssistantMessage = Selectable<AssistantMessagesTable>;
export type NewAssistantMessage = Insertable<AssistantMessagesTable>;

/** One change of a member's state (features/mail-lists), for the account's timeline on the desk. */
export interface MailListEventsTable {
  id: string;
  member_id: string;
  /** The state the member moved to: `pending`, `subscribed` or `unsubscribed`. */
  state: string;
  at: string;
}

export type MailListMember = Selectable<MailListMembersTable>;
export type NewMailListMember = Insertable<MailListMembersTable>;
export type MailListMemberUpdate = Updateable<MailListMembersTable>;

export type NewsletterRow = Selectable<NewslettersTable>;
export type NewNewsletter = Insertable<NewslettersTable>;

export type OutboxMail = Selectable<MailOutboxTable>;
export type NewOutboxMail = Insertable<MailOutboxTable>;
export type OutboxMailUpdate = Updateable<MailOutboxTable>;

/** One per account that synced Nowou (features/nowou): its last version number and its totals. */
export interface NowouSyncStateTable {
  user_id: string;
  last_seq: Generated<number>;
  /** Items not deleted. */
  item_count: Generated<number>;
  /** The JSON of every item kept, deleted ones included. */
  total_bytes: Generated<number>;
  /** The highest version among the deleted items purged so far (0: none). */
  purged_seq: Generated<number>;
  /** The bytes of the copies kept in nowou_item_history. */
  history_bytes: Generated<number>;
}

/** One Nowou item of an account: the app's record as JSON, at version `seq` of the account. */
export interface NowouItemsTable {
  user_id: string;
  /** The app's storage key, e.g. `todo-<id>`. */
  item_key: string;
  value: string;
  seq: number;
  modified_at: string;
  /** The device that wrote this version. */
  device: string;
  deleted: Flag;
  bytes: number;
}

/** Copies a newer version replaced (`replaced`) or that lost a conflict (`lost`), kept 30 days. */
export interface NowouItemHistoryTable {
  user_id: string;
  item_key: string;
  seq: number | null;
  value: string;
  device: string;
  reason: string;
  kept_at: string;
  bytes: Generated<number>;
  /** sha256 of `value`, so an identical copy is kept once (null for copies kept before). */
  digest: string | null;
}
