import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

export type TcpProxy = {
  port: number;
  /** The database is gone: every connection through the proxy is cut, and new ones are refused. */
  refuse: () => Promise<void>;
  /** The database's host is unreachable: connections are cut, and new ones are accepted but never answered. */
  hang: () => Promise<void>;
  /** Back: connections go through again. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A TCP proxy in front of a server (PostgreSQL), to take the server away from one client and give it back without
 * touching the server itself, which other tests share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'forward' | 'hang' = 'forward';
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (mode === 'hang') return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    async refuse() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        cutAll();
      });
    },
    async hang() {
      mode = 'hang';
      if (!server.listening) await listen(port);
      cutAll();
    },
    async restore() {
      mode = 'forward';
      cutAll();
      if (!server.listening) await listen(port);
    },
    async close() {
      await new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        cutAll();
      });
    },
  };
}
