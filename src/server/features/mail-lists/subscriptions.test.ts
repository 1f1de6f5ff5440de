/**
 * Double opt-in from every way onto a list (subscriptions.service.ts) through the real API and a real
 * SMTP sink: the account switch, an account whose address is not verified, sign-up without the box
 * and the export, a form's ticked preference, and the limit on confirmation mails to one address.
 */
import { describe, expect, test } from 'vitest';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  signUpPayload,
  unique,
} from '#test-support/accounts';
import {
  PUBLIC_URL,
  NEWSLETTER_CONFIRM_SUBJECT,
  useHarness,
  callFrom,
  tokenOf,
  memberRow,
  confirmationMail,
  signUpWithNewsletter,
} from '#test-support/mail-lists';
import { linkIn } from '#test-support/smtp-sink';

describe('on SQLite', () => {
  const harness = useHarness();

  test('the account switch: on sends a confirmation mail, off leaves the list, on again makes the old link useless', async () => {
    const h = harness();
    const user = await createUser(h.server);
    const cookie = await loginAs(h.server, user);
    const patch = (subscribedToNewsletter: boolean) =>
      call(h.server, 'PATCH', '/api/me', { cookie, body: { subscribedToNewsletter } });

    expect((await patch(true)).json).toMatchObject({ user: { subscribedToNewsletter: true } });
    const first = await confirmationMail(h, user.email, NEWSLETTER_CONFIRM_SUBJECT);
    const firstToken = tokenOf(
      linkIn(first, `${PUBLIC_URL}/newsletter-unsubscribe?confirm-token=`),
      'confirm-token',
    );
    expect(await memberRow(h, 'newsletter', user.email)).toMatchObject({
      state: 'pending',
      user_id: user.id,
    });

    expect((await patch(false)).json).toMatchObject({ user: { subscribedToNewsletter: false } });
    expect((await memberRow(h, 'newsletter', user.email))?.state).toBe('unsubscribed');
    // Leaving ends the open confirmation link too.
    expect(
      (await call(h.server, 'POST', '/api/mail/confirm', { body: { token: firstToken } })).status,
    ).toBe(404);

    await patch(true);
    await expect
      .poll(
        () =>
          h.sink.find((m) => m.to === user.email && m.subject === NEWSLETTER_CONFIRM_SUBJECT)
            .length,
      )
      .toBe(2);
    const second = h.sink.find(
      (m) => m.to === user.email && m.subject === NEWSLETTER_CONFIRM_SUBJECT,
    )[1]!;
    const secondToken = tokenOf(
      linkIn(second, `${PUBLIC_URL}/newsletter-unsubscribe?confirm-token=`),
      'confirm-token',
    );
    expect(secondToken).not.toBe(firstToken);
    expect(
      (await call(h.server, 'POST', '/api/mail/confirm', { body: { token: firstToken } })).status,
    ).toBe(404);
    const confirmed = await call(h.server, 'POST', '/api/mail/confirm', {
      body: { token: secondToken },
    });
    expect(confirmed.json).toMatchObject({ state: 'subscribed' });

    // Switching on while subscribed sends nothing more.
    await patch(true);
    expect((await memberRow(h, 'newsletter', user.email))?.state).toBe('subscribed');
    expect(
      h.sink.find((m) => m.to === user.email && m.subject === NEWSLETTER_CONFIRM_SUBJECT),
    ).toHaveLength(2);
    const outbox = await h.server.app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', user.email)
      .where('subject', '=', NEWSLETTER_CONFIRM_SUBJECT)
      .execute();
    expect(outbox).toHaveLength(2);
  });

  test('an account whose address is not verified cannot take that address’s subscription off the list', async () => {
    const h = harness();
    const email = `owner${unique()}@example.com`;
    const asked = await callFrom(h, 'POST', '/api/mail/subscribe', {
      body: { list: 'newsletter', email },
    });
    expect(asked.status).toBe(202);
    const mail = await confirmationMail(h, email, NEWSLETTER_CONFIRM_SUBJECT);
    const token = tokenOf(
      linkIn(mail, `${PUBLIC_URL}/newsletter-unsubscribe?confirm-token=`),
      'confirm-token',
    );
    await call(h.server, 'POST', '/api/mail/confirm', { body: { token } });

    const squatter = await createUser(h.server, { email, emailVerified: false });
    const cookie = await loginAs(h.server, squatter);
    const patch = (subscribedToNewsletter: boolean) =>
      call(h.server, 'PATCH', '/api/me', { cookie, body: { subscribedToNewsletter } });
    expect((await patch(true)).status).toBe(200);
    expect((await patch(false)).status).toBe(200);
    expect(await memberRow(h, 'newsletter', email)).toMatchObject({
      state: 'subscribed',
      user_id: null,
    });
    const deleted = await call(h.server, 'DELETE', '/api/me', {
      cookie,
      body: { password: squatter.password },
    });
    expect(deleted.status).toBe(204);
    expect((await memberRow(h, 'newsletter', email))?.state).toBe('subscribed');

    // The verified owner of the address can.
    const owner = await createUser(h.server, { email, emailVerified: true });
    const ownerCookie = await loginAs(h.server, owner);
    await call(h.server, 'PATCH', '/api/me', {
      cookie: ownerCookie,
      body: { subscribedToNewsletter: false },
    });
    expect((await memberRow(h, 'newsletter', email))?.state).toBe('unsubscribed');

    // An unverified account ticking the box later does not make the address's row its own.
    await call(h.server, 'DELETE', '/api/me', {
      cookie: ownerCookie,
      body: { password: owner.password },
    });
    const another = await createUser(h.server, { email, emailVerified: false });
    const anotherCookie = await loginAs(h.server, another);
    await call(h.server, 'PATCH', '/api/me', {
      cookie: anotherCookie,
      body: { subscribedToNewsletter: true },
    });
    expect(await memberRow(h, 'newsletter', email)).toMatchObject({
      state: 'pending',
      user_id: null,
    });
  });

  test('signing up without the box puts nobody on a list; the export lists the pending row of one who ticked it', async () => {
    const h = harness();
    const payload = signUpPayload({ subscribedToNewsletter: false });
    expect((await callFrom(h, 'POST', '/api/auth/register', { body: payload })).status).toBe(201);
    expect(await memberRow(h, 'newsletter', String(payload.email))).toBeUndefined();

    const ticked = await signUpWithNewsletter(h);
    const cookie = await loginAs(h.server, { id: ticked.userId });
    const exported = await call(h.server, 'GET', '/api/me/export', { cookie });
    expect(exported.status).toBe(200);
    expect((exported.json as { mailLists: unknown[] }).mailLists).toEqual([
      expect.objectContaining({ list: 'newsletter', email: ticked.email, state: 'pending' }),
    ]);

    // Deleting the account takes its list rows along.
    const deleted = await call(h.server, 'DELETE', '/api/me', {
      cookie,
      body: { password: 'amber-otter-canyon-7' },
    });
    expect(deleted.status).toBe(204);
    expect(await memberRow(h, 'newsletter', ticked.email)).toBeUndefined();
  });

  test('a ticked form preference asks for confirmation: pitches in English from Contact, lokalaJobb in Swedish from Lokala jobb', async () => {
    const h = harness();
    const contactEmail = `pitch${unique()}@example.com`;
    const contact = await callFrom(h, 'POST', '/api/submissions', {
      body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
        name: 'Pat',
        email: contactEmail,
        message: 'Hello there',
        'Privacy policy': true,
        pitches: true,
      }),
    });
    expect(contact.status).toBe(201);
    const pitchMail = await confirmationMail(
      h,
      contactEmail,
      'Confirm emails about new work from Alex Lindqvist',
    );
    const pitchToken = tokenOf(
      linkIn(pitchMail, `${PUBLIC_URL}/pitches-mail-unsubscribe?confirm-token=`),
      'confirm-token',
    );
    expect(await memberRow(h, 'pitches', contactEmail)).toMatchObject({
      state: 'pending',
      user_id: null,
    });
    const pitchConfirmed = await call(h.server, 'POST', '/api/mail/confirm', {
      body: { token: pitchToken },
    });
    expect(pitchConfirmed.json).toMatchObject({ list: 'pitches', state: 'subscribed' });

    const jobEmail = `Jobb${unique()}@Example.com`;
    const job = await callFrom(h, 'POST', '/api/submissions', {
      body: toSubmissionPayload(FORM_DEFINITIONS['jobs/lokalaJobb'], {
        company: 'Bageriet AB',
        name: 'Sara',
        email: jobEmail,
        needs: 'En ny hemsida.',
        Integritetspolicy: true,
        lokalaJobb: true,
      }),
    });
    expect(job.status).toBe(201);
    const stored = jobEmail.toLowerCase();
    const jobMail = await confirmationMail(
      h,
      stored,
      'Bekräfta din prenumeration på nyheter från Lokala jobb',
    );
    expect(jobMail.text).toContain('Bekräfta prenumerationen');
    expect(jobMail.html).toContain('<html lang="sv">');
    linkIn(jobMail, `${PUBLIC_URL}/lokala-jobb-avregistrera-mail?confirm-token=`);
    expect((await memberRow(h, 'lokalaJobb', stored))?.state).toBe('pending');

    // An unticked preference subscribes nobody.
    const quietEmail = `quiet${unique()}@example.com`;
    await callFrom(h, 'POST', '/api/submissions', {
      body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
        name: 'Quiet',
        email: quietEmail,
        message: 'No mail please',
        'Privacy policy': true,
        pitches: false,
      }),
    });
    expect(await memberRow(h, 'pitches', quietEmail)).toBeUndefined();
  });

  test('confirmation mails to one address stop after five a day, so the forms cannot flood an inbox', async () => {
    const h = harness();
    const target = `flood${unique()}@example.com`;
    const address = fromAddress(nextAddress());
    for (let i = 0; i < 7; i++) {
      const res = await call(h.server, 'POST', '/api/submissions', {
        headers: address,
        body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
          name: 'Flood',
          email: target,
          message: `Message ${i}`,
          'Privacy policy': true,
          pitches: true,
        }),
      });
      expect(res.status).toBe(201);
    }
    const queued = await h.server.app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', target)
      .execute();
    expect(queued).toHaveLength(5);
  });
});
