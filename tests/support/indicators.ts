/**
 * Helpers for the indicator trial and purchase tests (features/indicators): requests sent as the
 * real forms would send them, the stored rows, the visitor's and the owner's views, and the owner's
 * actions, against the server (and with the owner's cookie) the test file starts.
 */
import { expect } from 'vitest';
import {
  indicatorSubmissionType,
  type AccessKind,
  type IndicatorProduct,
} from '#shared/indicator-products';
import {
  type AdminAccessRecord,
  type AdminProductAccessResponse,
  type OwnProductsResponse,
} from '#shared/product-access-schemas';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import { call, createUser, fromAddress, loginAs, nextAddress } from './accounts';
import type { TestServer } from './server';

export function indicatorAccessHelpers(server: () => TestServer, adminCookie: () => string) {
  let usernameSequence = 0;
  function tradingViewName(): string {
    usernameSequence += 1;
    return `Trader_${Date.now().toString(36)}_${usernameSequence}`;
  }

  function requestBody(
    product: IndicatorProduct,
    kind: AccessKind,
    tradingViewUsername: string,
    overrides: Record<string, string | boolean> = {},
  ) {
    const form = FORM_DEFINITIONS[indicatorSubmissionType(product, kind)];
    const values: Record<string, string | boolean> = { tradingViewUsername };
    for (const agreement of [...form.agreements, ...form.specialAgreements])
      values[agreement.name] = true;
    return toSubmissionPayload(form, { ...values, ...overrides });
  }

  function ask(
    target: TestServer,
    cookie: string | undefined,
    product: IndicatorProduct,
    kind: AccessKind,
    tradingViewUsername: string,
  ) {
    return call(target, 'POST', '/api/submissions', {
      body: requestBody(product, kind, tradingViewUsername),
      cookie,
      headers: fromAddress(nextAddress()),
    });
  }

  async function newVisitor(target: TestServer = server()) {
    const user = await createUser(target);
    return { user, cookie: await loginAs(target, user) };
  }

  async function accessRows(target: TestServer, userId: string) {
    return target.app.db
      .selectFrom('product_access')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  async function submissionCount(target: TestServer, userId: string): Promise<number> {
    const rows = await target.app.db
      .selectFrom('submissions')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    return rows.length;
  }

  async function ownProducts(cookie: string): Promise<OwnProductsResponse['records']> {
    const res = await call(server(), 'GET', '/api/me/products', { cookie });
    expect(res.status).toBe(200);
    return (res.json as OwnProductsResponse).records;
  }

  async function ownerList(): Promise<AdminAccessRecord[]> {
    const res = await call(server(), 'GET', '/api/admin/product-access', { cookie: adminCookie() });
    expect(res.status).toBe(200);
    return (res.json as AdminProductAccessResponse).records;
  }

  function ownerAction(id: string, action: string, body?: unknown, cookie = adminCookie()) {
    return call(server(), 'POST', `/api/admin/product-access/${id}/${action}`, {
      cookie,
      body,
      headers: fromAddress(nextAddress()),
    });
  }

  return {
    tradingViewName,
    requestBody,
    ask,
    newVisitor,
    accessRows,
    submissionCount,
    ownProducts,
    ownerList,
    ownerAction,
  };
}
