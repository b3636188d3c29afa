// A server that stops answering altogether (its processes frozen, a dead host behind a live route)
// keeps the socket open and silent: statement_timeout cannot fire, since the server is not running
// to fire it, and a query would wait as long as the freeze lasts. The sockets postgres.js opens here
// watch for that: once something is written, the server must answer within a time limit, or the
// connection is given up and its queries fail (the API then answers "temporarily unavailable").
import net from 'node:net';

/** The code of the error a silent server's queries fail with (errors.ts counts it as unreachable). */
export const unansweredCode = 'DATABASE_UNANSWERED';

/** What postgres.js hands its `socket` option: the parsed hosts and ports, or a Unix socket path. */
type SocketTarget = { host: string[]; port: number[]; path?: string | false };

/**
 * A `socket` factory for postgres.js: plain TCP (or a Unix socket), as postgres.js opens it itself,
 * given up after `limitMs` without a single byte back after a write.
 *
 * The rule needs no knowledge of the protocol: every request Postgres gets is answered, so the clock
 * runs from the first write after the last read, and stops at the next read. An idle connection, or
 * one that only receives (LISTEN), is never armed. A statement legitimately runs at most its
 * statement_timeout before the server answers (with the cancellation), so `limitMs` is that plus a
 * margin. What it misses: a server that froze after it had begun an answer, until the next write;
 * and connections with TLS, whose encryption takes over the socket's handle past these hooks (they
 * keep statement_timeout and connect_timeout).
 */
export function unansweredSocketGuard(limitMs: number): (target: SocketTarget) => net.Socket {
  let next = 0;
  return (target) => {
    const index = next++ % Math.max(1, target.host.length);
    const host = target.host[index] ?? 'localhost';
    const port = target.port[index] ?? target.port[0] ?? 5432;
    const socket = target.path ? net.connect(target.path) : net.connect(port, host);
    // postgres.js reads it for TLS's server name, as on the sockets it opens itself.
    Object.assign(socket, { host, port });
    let timer: NodeJS.Timeout | undefined;
    const disarm = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((...args: unknown[]) => {
      timer ??= setTimeout(() => {
        const error = Object.assign(new Error(`the database sent nothing back for ${limitMs} ms; connection given up`), {
          code: unansweredCode,
        });
        socket.destroy(error);
      }, limitMs);
      return write(...args);
    }) as typeof socket.write;
    socket.on('data', disarm);
    socket.on('close', disarm);
    return socket;
  };
}
