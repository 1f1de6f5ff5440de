/**
 * A WebAuthn authenticator in software for API tests: it makes ES256 passkeys and signs assertions
 * exactly as the spec lays them out (authenticator data, "none" attestation, DER signatures over
 * authData ‖ SHA-256(clientDataJSON)), and can be told to misbehave the ways a browser cannot be
 * made to: another origin, no user verification, a counter of its choosing, a user handle of
 * another account. Browser tests use Chromium's own virtual authenticator instead.
 *
 *   const device = new SoftAuthenticator(server.url);
 *   const response = device.register(options);               // POST /api/me/passkeys
 *   const assertion = device.assert(signInOptions);          // POST /api/auth/passkey
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  userHandle: string;
  counter: number;
}

export interface CeremonyTweaks {
  /** The origin written into clientDataJSON (default: the site's). */
  origin?: string;
  /** Whether the user was verified (default true). */
  uv?: boolean;
  /** The counter to report (default: one more than last time, or 0 for a synced passkey). */
  counter?: number;
  /** The user handle to return (base64url; default the one it was registered with). */
  userHandle?: string;
  /** The challenge to sign (default: the options'). */
  challenge?: string;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  private readonly rpId: string;

  /**
   * `origin`: the site's origin (its host is the relying party). `synced`: a multi-device passkey
   * (backup eligible and backed up) whose counter stays 0, as synced passkeys' do.
   */
  constructor(
    readonly origin: string,
    readonly synced = false,
  ) {
    this.rpId = new URL(origin).hostname;
  }

  private flags(uv: boolean): number {
    return FLAG_UP | (uv ? FLAG_UV : 0) | (this.synced ? FLAG_BE | FLAG_BS : 0);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }

  /** A new passkey for the options of POST /api/me/passkeys/options: the response to send. */
  register(options: CreationOptions, tweaks: CeremonyTweaks = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = {
      id: randomBytes(16),
      privateKey,
      cosePublicKey: coseKey(publicKey),
      userHandle: options.user.id,
      counter: 0,
    };
    this.credentials.push(credential);
    return this.attest(credential, options, tweaks);
  }

  /** The response registering an existing credential again (for another account, say). */
  attest(credential: Credential, options: CreationOptions, tweaks: CeremonyTweaks = {}) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([
      sha256(options.rp.id ?? this.rpId),
      Buffer.from([this.flags(tweaks.uv ?? true) | FLAG_AT]),
      counter,
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      Buffer.from(credential.cosePublicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const id = b64url(credential.id);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData(
          'webauthn.create',
          tweaks.challenge ?? options.challenge,
          tweaks.origin ?? this.origin,
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
    };
  }

  /** An assertion for the options of a sign-in or desk check, with the first (or given) passkey. */
  assert(options: RequestOptions, tweaks: CeremonyTweaks & { credential?: Credential } = {}) {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential =
      tweaks.credential ??
      this.credentials.find((c) => !allowed?.length || allowed.includes(b64url(c.id)));
    if (!credential) throw new Error('soft authenticator: no passkey for these options');
    if (tweaks.counter !== undefined) credential.counter = tweaks.counter;
    else if (!this.synced) credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([
      sha256(options.rpId ?? this.rpId),
      Buffer.from([this.flags(tweaks.uv ?? true)]),
      counter,
    ]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      tweaks.challenge ?? options.challenge,
      tweaks.origin ?? this.origin,
    );
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]);
    const id = b64url(credential.id);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(sign('sha256', signed, credential.privateKey)),
        userHandle: tweaks.userHandle ?? credential.userHandle,
      },
    };
  }
}
