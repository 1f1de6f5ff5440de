/**
 * Security headers on every response, HTML and API alike. The CSP allows only this origin: no inline
 * script or style (if React style props ever need it, add style-src-attr, never 'unsafe-inline').
 * Cross-Origin-Opener-Policy goes only where a browser honours it, a potentially trustworthy origin
 * (https, or a loopback host): on plain HTTP by a host name or LAN address Chromium ignores it and
 * logs an error on every page. https://html.spec.whatwg.org/#the-cross-origin-opener-policy-header
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { secureOrigin }: SecurityHeadersOptions) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          // 'none': a kind of resource not named below (frames, manifests, …) is refused.
          'default-src': ["'none'"],
          'script-src': ["'self'"],
          'style-src': ["'self'"],
          'img-src': ["'self'", 'data:'],
          'font-src': ["'self'"],
          'connect-src': ["'self'"],
          'media-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          ...(secureOrigin ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: secureOrigin
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (isTrustworthy(request, secureOrigin))
        reply.header('cross-origin-opener-policy', 'same-origin');
      // API answers are per-user and live: no cache may keep them.
      if (isUnder(pathnameOf(request.url), '/api')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
