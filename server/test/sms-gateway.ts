/**
 * A local SMS gateway for tests, speaking smsadvert.ro's JSON API on 127.0.0.1: POST /api/sms/
 * with `Authorization: <token>` and `{phone, shortTextMessage, sendAsShort}`. It can be told how
 * to answer: accept (200), be down (503), refuse the message (400), refuse the token (401), or
 * hold its answer until released (a slow gateway: the client's timeout ends the wait). Tests wait
 * on its `request` event, never on fixed sleeps.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GatewayMode = 'accept' | 'down' | 'reject' | 'unauthorized' | 'slow';
export type GatewayRequest = {
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
};

export class TestSmsGateway extends EventEmitter {
  mode: GatewayMode = 'accept';
  readonly token: string;
  /** Every request the gateway read, whatever it answered. */
  readonly received: GatewayRequest[] = [];
  /** Messages the gateway accepted (answered 200). */
  readonly accepted: GatewayRequest[] = [];
  private readonly held = new Set<ServerResponse>();
  private readonly server: Server;
  port = 0;

  constructor(token = 'test-sms-token') {
    super();
    this.token = token;
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  get url() {
    return `http://127.0.0.1:${this.port}/api/sms/`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw);
    } catch {
      body = {};
    }
    const r: GatewayRequest = {
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    };
    this.received.push(r);
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const mode = this.mode;
    queueMicrotask(() => this.emit('request', r));
    if (mode === 'slow') {
      this.held.add(res);
      res.on('close', () => this.held.delete(res));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/api/sms/') return answer(404, { error: 'Not found' });
    if (mode === 'unauthorized' || r.authorization !== this.token)
      return answer(401, { error: 'Invalid authorization token' });
    if (mode === 'down') return answer(503, { error: 'Service temporarily unavailable' });
    if (mode === 'reject' || typeof body.phone !== 'string' || !/^\+\d{8,15}$/.test(body.phone))
      return answer(400, { error: `Invalid phone number ${String(body.phone)}` });
    if (typeof body.shortTextMessage !== 'string' || body.shortTextMessage === '')
      return answer(400, { error: 'Missing shortTextMessage' });
    this.accepted.push(r);
    answer(200, { successful: true });
  }

  /** Resolves with the next request the gateway reads. */
  nextRequest(): Promise<GatewayRequest> {
    return new Promise((resolve) => this.once('request', resolve));
  }

  /** Answers the held (slow) requests now, with a success. */
  release() {
    for (const res of this.held) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ successful: true }));
    }
    this.held.clear();
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close() {
    for (const res of this.held) res.destroy();
    this.held.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
