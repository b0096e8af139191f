/**
 * Which browser origins may sign in and write, and which address links sent out use
 * (docs/decisions/0031-same-origin-on-any-address.md). With PUBLIC_URL set: that origin plus
 * TRUSTED_ORIGINS. Without it (the embedded default on a clinic's network): the address the
 * request came to (its Host), whatever it is, plus TRUSTED_ORIGINS; links use that address only
 * when it is one of this machine's own, so a forged Host never reaches an e-mail.
 */
import os from 'node:os';
import type { Config } from '../config';

type OriginConfig = Pick<Config, 'publicUrl' | 'publicUrlFixed' | 'trustedOrigins'>;

/** The origins a request that came to `host` (its Host header) may carry. */
export function allowedOrigins(config: OriginConfig, host: string | null | undefined): string[] {
  const own = config.publicUrlFixed || !host ? [new URL(config.publicUrl).origin] : hostOrigins(host);
  return [...own, ...config.trustedOrigins];
}

const hostOrigins = (host: string) => [`http://${host}`, `https://${host}`];

/** The name part of a Host header ("10.0.0.5:3000", "[::1]:3000", "srv.local"). */
function hostName(host: string): string {
  const bracketed = /^\[([^\]]+)\]/.exec(host);
  return (bracketed ? bracketed[1] : host.replace(/:\d+$/, '')).toLowerCase();
}

/** The host is this machine: a loopback address, localhost, its name or an interface address. */
function isOwnHost(host: string): boolean {
  const name = hostName(host);
  if (name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name)) return true;
  if (name === os.hostname().toLowerCase()) return true;
  return Object.values(os.networkInterfaces()).some((list) =>
    (list ?? []).some((a) => a.address.toLowerCase() === name),
  );
}

/** Where links sent out point: PUBLIC_URL, or the address in use when it is this machine's own. */
export function linkBase(config: OriginConfig, host: string | null | undefined): string {
  if (config.publicUrlFixed || !host || !isOwnHost(host)) return config.publicUrl;
  return `http://${host}`;
}

/** Every http address a server listening on `host`:`port` answers on, for the start banner. */
export function listeningAddresses(host: string, port: number): string[] {
  const url = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  if (host !== '0.0.0.0' && host !== '::' && host !== '') return [url(host)];
  const addresses = Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => (host === '0.0.0.0' ? a.family === 'IPv4' : true) && !a.address.startsWith('fe80:'))
    .map((a) => url(a.address));
  return [`http://localhost:${port}`, ...new Set(addresses)];
}
