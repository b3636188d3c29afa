// A TCP proxy in front of the test Postgres that can freeze, as a database does whose processes are
// stopped (SIGSTOP) or whose host hangs: connections stay open and are accepted, what is sent waits,
// and nothing comes back until it thaws. Otherwise it forwards the real protocol untouched.
import { connect, createServer, type Socket } from 'node:net';

export type FreezableProxy = {
  /** `url` (a database on the Postgres server) with the proxy's address instead. */
  through: (url: string) => string;
  freeze: () => void;
  thaw: () => void;
  close: () => Promise<void>;
};

export async function startFreezableProxy(serverUrl: string): Promise<FreezableProxy> {
  const target = new URL(serverUrl);
  const sockets = new Set<Socket>();
  let frozen = false;
  /** What arrived while frozen, in order, and where it goes once thawed. */
  let held: Array<{ to: Socket; chunk: Buffer }> = [];
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    const forward = (from: Socket, to: Socket) => {
      sockets.add(from);
      from.on('close', () => sockets.delete(from));
      from.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      from.on('end', () => to.end());
      from.on('data', (chunk: Buffer) => {
        if (frozen) held.push({ to, chunk });
        else to.write(chunk);
      });
    };
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const { to, chunk } of held) if (!to.destroyed) to.write(chunk);
      held = [];
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
