/**
 * Security headers on every response, HTML and API alike. The CSP allows only this origin: no inline
 * script or style (if React style props ever need it, add style-src-attr, never 'unsafe-inline').
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isUnder, pathnameOf } from '#server/request-path';

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

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
          'default-src': ["'self'"],
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
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: secureOrigin
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // API answers are per-user and live: no cache may keep them.
      if (isUnder(pathnameOf(request.url), '/api')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
