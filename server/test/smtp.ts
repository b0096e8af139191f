/**
 * A local SMTP relay for tests (smtp-server, the real protocol on 127.0.0.1) that can be told how
 * to behave: accept, refuse the connection (421), reject the recipient for good (550), hang before
 * its greeting, hold its answer to the message until released, or drop the connection after
 * receiving the message. Tests wait on
 * its events (`nextConnection`, `nextMessage`), never on fixed sleeps.
 */
import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export type RelayMode = 'accept' | 'refuse' | 'reject' | 'hang' | 'late' | 'drop';
export type Received = { to: string; subject: string; messageId: string; raw: string };

type Connection = { session: SMTPServerSession; _socket: { destroy(): void } };

export class TestRelay extends EventEmitter {
  mode: RelayMode = 'accept';
  /** Every message whose data the relay read, whatever it answered. */
  readonly received: Received[] = [];
  /** Messages the relay acknowledged with 250 (stored). */
  readonly stored: Received[] = [];
  private readonly held: (() => void)[] = [];
  private readonly server: SMTPServer;
  port = 0;

  constructor() {
    super();
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      disableReverseLookup: true,
      logger: false,
      closeTimeout: 100,
      onConnect: (session, callback) => {
        this.emit('connection', session.id);
        if (this.mode === 'refuse') {
          const err = Object.assign(new Error('Service not available, try again later'), {
            responseCode: 421,
          });
          return callback(err);
        }
        // A relay that accepts the connection and never greets: the client waits on its timeouts.
        if (this.mode === 'hang') return void this.held.push(() => callback());
        callback();
      },
      onRcptTo: (address, _session, callback) => {
        if (this.mode !== 'reject') return callback();
        const err = Object.assign(
          new Error(`<${address.address}>: Recipient address rejected: User unknown`),
          {
            responseCode: 550,
          },
        );
        callback(err);
      },
      onData: (stream, session, done) => {
        const mode = this.mode;
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
        stream.on('end', () => {
          const message: Received = {
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
            messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
            raw,
          };
          this.received.push(message);
          this.emit('message', message);
          const store = () => {
            this.stored.push(message);
            done();
          };
          if (mode === 'drop') return this.connectionOf(session)?._socket.destroy();
          if (mode === 'late') return void this.held.push(store);
          store();
        });
      },
    });
  }

  private connectionOf(session: SMTPServerSession): Connection | undefined {
    const connections = (this.server as unknown as { connections: Set<Connection> }).connections;
    return [...connections].find((c) => c.session.id === session.id);
  }

  /** Lets every held connection greet, and every held answer go out. */
  release() {
    for (const go of this.held.splice(0)) go();
  }

  nextConnection(): Promise<unknown> {
    return once(this, 'connection');
  }

  nextMessage(): Promise<unknown> {
    return once(this, 'message');
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async listen(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    const inner = (this.server as unknown as { server: { address(): AddressInfo } }).server;
    this.port = inner.address().port;
    return this;
  }

  async close() {
    this.mode = 'accept';
    this.release();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A port nothing listens on (taken, then freed). */
export async function closedPort(): Promise<number> {
  const probe = await new TestRelay().listen();
  const port = probe.port;
  await probe.close();
  return port;
}
