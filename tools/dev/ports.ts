// A port that `npm start` or `npm run idp` needs is taken: one line that says which variable
// moves it, instead of Node's EADDRINUSE stack trace.
import { createServer, type Server } from 'node:net';

export class PortInUseError extends Error {
  constructor(port: number, what: string, variable: string) {
    super(
      `Port ${port} on 127.0.0.1 is in use, so ${what} cannot start: stop what holds it, or set ${variable} to a free port (for example ${variable}=${port + 10}).`,
    );
    this.name = 'PortInUseError';
  }
}

/** Rejects with PortInUseError when `server` fails to listen because the port is taken. */
export function listening(server: Server, port: number, what: string, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, what, variable) : error),
    );
  });
}

/** Resolves when nothing listens on 127.0.0.1:`port`; else PortInUseError. */
export async function assertPortFree(port: number, what: string, variable: string): Promise<void> {
  const probe = createServer();
  const ready = listening(probe, port, what, variable);
  probe.listen(port, '127.0.0.1');
  await ready;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
