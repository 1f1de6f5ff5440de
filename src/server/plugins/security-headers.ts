/**
 * Security headers on every response, HTML and API alike. The CSP allows only this origin: no inline
 * script, and no inline style but the blocks a page's answer names by hash (`allowInlineStyles`; if
 * React style props ever need it, add style-src-attr, never 'unsafe-inline').
 * Cross-Origin-Opener-Policy goes only where a browser honours it, a potentially trustworthy origin
 * (https, or a loopback host): on plain HTTP by a host name or LAN address Chromium ignores it and
 * logs an error on every page. https://html.spec.whatwg.org/#the-cross-origin-opener-policy-header
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isUnder, pathnameOf } from '#server/request-path';

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/** localhost and its subdomains, 127.0.0.0/8 and ::1 (https://w3c.github.io/webappsec-secure-contexts/). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/:\d+$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]'
  );
}

function isTrustworthy(request: FastifyRequest, secureOrigin: boolean): boolean {
  return secureOrigin || request.protocol === 'https' || isLoopbackHost(request.hostname);
}

export interface SecurityHeadersOptions {
  /** PUBLIC_URL is https: add HSTS and upgrade-insecure-requests. */
  secureOrigin: boolean;
}

/**
 * The CSP, as one header value. `inlineStyleHashes` ('sha256-…' sources) allow exactly the inline
 * `<style>` blocks of the page being answered (a prerendered page inlines its stylesheets).
 */
export function contentSecurityPolicy(
  secureOrigin: boolean,
  inlineStyleHashes: readonly string[] = [],
  { framedBySelf = false }: { framedBySelf?: boolean } = {},
): string {
  const directives: Record<string, readonly string[]> = {
    // 'none': a kind of resource not named below (frames, manifests, …) is refused.
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", ...inlineStyleHashes],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    // The desk shows its preview of a page in a frame of the site's own (features/content).
    'frame-src': ["'self'"],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [framedBySelf ? "'self'" : "'none'"],
    ...(secureOrigin ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

declare module 'fastify' {
  interface FastifyReply {
    /** This answer's CSP also allows the inline `<style>` blocks with these 'sha256-…' sources. */
    allowInlineStyles(hashes: readonly string[]): FastifyReply;
    /** This answer may be shown in a frame of the site's own pages (the desk's preview). */
    allowFramingBySelf(hashes: readonly string[]): FastifyReply;
  }
}

/**
 * The headers helmet sets with these options. They depend on nothing in the request, so they are
 * worked out once at start: the Fastify wrapper ran helmet's middleware, built anew, on every
 * request (a few per cent of a visit's cost, bench/README.md).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

const fixedHeaders = new Map<boolean, Readonly<Record<string, string>>>();

/** The headers every answer carries whatever its request, worked out once per kind of origin. */
export function fixedSecurityHeaders(secureOrigin: boolean): Readonly<Record<string, string>> {
  let headers = fixedHeaders.get(secureOrigin);
  if (!headers) {
    headers = {
      ...helmetHeaders({
        // Ours: an HTML answer may widen style-src by its inline blocks' hashes.
        contentSecurityPolicy: false,
        crossOriginEmbedderPolicy: false,
        crossOriginOpenerPolicy: false,
        crossOriginResourcePolicy: { policy: 'same-origin' },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        strictTransportSecurity: secureOrigin
          ? { maxAge: 31_536_000, includeSubDomains: true }
          : false,
        xFrameOptions: { action: 'deny' },
      }),
      'content-security-policy': contentSecurityPolicy(secureOrigin),
      'permissions-policy': PERMISSIONS_POLICY,
    };
    fixedHeaders.set(secureOrigin, headers);
  }
  return headers;
}

/**
 * Puts the security headers on an answer: from the plugin's onRequest hook, and for the
 * framework's own errors (a malformed address), which are answered before any hook runs (app.ts).
 */
export function setSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  secureOrigin: boolean,
): void {
  reply.headers(fixedSecurityHeaders(secureOrigin));
  if (isTrustworthy(request, secureOrigin))
    reply.header('cross-origin-opener-policy', 'same-origin');
  // API answers are per-user and live: no cache may keep them.
  if (isUnder(pathnameOf(request.url), '/api')) reply.header('cache-control', 'no-store');
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { secureOrigin }: SecurityHeadersOptions) => {
    app.decorateReply(
      'allowFramingBySelf',
      function (this: FastifyReply, hashes: readonly string[]) {
        return this.header('x-frame-options', 'SAMEORIGIN').header(
          'content-security-policy',
          contentSecurityPolicy(secureOrigin, hashes, { framedBySelf: true }),
        );
      },
    );
    app.decorateReply(
      'allowInlineStyles',
      function (this: FastifyReply, hashes: readonly string[]) {
        return this.header('content-security-policy', contentSecurityPolicy(secureOrigin, hashes));
      },
    );
    app.addHook('onRequest', async (request, reply) => {
      setSecurityHeaders(request, reply, secureOrigin);
    });
  },
  { name: 'security-headers' },
);
