import { expect, test } from 'vitest';
import { auditSentence, type AuditSentenceInput } from './audit-words';

const entry = (over: Partial<AuditSentenceInput>): AuditSentenceInput => ({
  action: 'accounts.rank',
  actorId: 'owner-id',
  actorLabel: 'owner@example.com',
  targetId: 'ann-id',
  targetLabel: 'ann@example.com',
  outcome: 'success',
  details: {},
  source: 'desk',
  ...over,
});

test('an entry reads as who did what to whom, never as ids or JSON', () => {
  expect(auditSentence(entry({ details: { adminRank: 10, previousAdminRank: 0 } }))).toBe(
    'owner@example.com changed the rank of ann@example.com from 0 to 10',
  );
  expect(
    auditSentence(
      entry({
        action: 'POST /api/admin/assistant-messages',
        targetId: null,
        targetLabel: null,
        details: { text: 'New track out', pages: ['home', 'music'] },
      }),
    ),
  ).toBe('owner@example.com posted the assistant message “New track out” on Home and Music');
  expect(
    auditSentence(entry({ action: 'accounts.disable', details: { reason: 'Sends spam' } })),
  ).toBe('owner@example.com disabled ann@example.com (“Sends spam”)');
});

test('a refused or failed action reads as tried, with its reason', () => {
  expect(
    auditSentence(
      entry({
        action: 'accounts.delete',
        targetLabel: null,
        targetId: 'owner-id',
        outcome: 'denied',
      }),
    ),
  ).toBe('owner@example.com tried to delete their own account');
  expect(
    auditSentence(
      entry({
        action: 'admin.login',
        targetId: null,
        outcome: 'denied',
        details: { reason: 'too many attempts' },
      }),
    ),
  ).toBe('owner@example.com tried to log in to the desk (too many attempts)');
});

test('the command line and unknown actions still read', () => {
  expect(
    auditSentence(
      entry({ action: 'accounts.enable', actorLabel: 'command line', source: 'command line' }),
    ),
  ).toBe('The command line enabled ann@example.com');
  expect(auditSentence(entry({ action: 'POST /api/admin/something-new' }))).toBe(
    'owner@example.com: Something new (posted)',
  );
});

test('published words, an import and a released queue read as sentences', () => {
  expect(auditSentence(entry({ action: 'content.publish', details: { document: 'about' } }))).toBe(
    'owner@example.com published new words of “About”',
  );
  expect(
    auditSentence(
      entry({ action: 'content.import', actorLabel: 'command line', source: 'command line' }),
    ),
  ).toBe('The command line published the words of the content folder');
  expect(
    auditSentence(
      entry({ action: 'mail.release', actorLabel: 'command line', source: 'command line' }),
    ),
  ).toBe('The command line released the mail queue after a restore');
});
