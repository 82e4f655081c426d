import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { type Database, DatabaseUnavailableError, type Params, type Queryable } from "../../src/db/database";

/**
 * Faults for the database tests: a TCP proxy in front of a real server that can black-hole or
 * cut every connection and then restore them, and a wrapper that makes a database's queries fail.
 */
type Mode = "pass" | "freeze" | "cut";

interface Link {
  client: Socket;
  upstream: Socket | null;
  /** Bytes held back while frozen, in each direction. */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export class FaultProxy {
  private mode: Mode = "pass";
  private readonly links = new Set<Link>();

  private constructor(
    private readonly server: Server,
    private readonly target: { host: string; port: number },
  ) {}

  /** Listens on 127.0.0.1 (a free port) and forwards to `target`. */
  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const server = createServer();
    const proxy = new FaultProxy(server, target);
    server.on("connection", (socket) => proxy.accept(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return proxy;
  }

  get port(): number {
    const address = this.server.address();
    return typeof address === "object" && address ? address.port : 0;
  }

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = "127.0.0.1";
    u.port = String(this.port);
    return u.toString();
  }

  /** A black hole: connections stay open (new ones are accepted) and nothing answers. */
  freeze(): void {
    this.mode = "freeze";
  }

  /** The server vanished: every connection is dropped, and new ones are closed at once. */
  cut(): void {
    this.mode = "cut";
    for (const link of this.links) this.drop(link);
  }

  /** The network is back: held bytes are delivered and new connections reach the server. */
  restore(): void {
    this.mode = "pass";
    for (const link of this.links) {
      if (!link.upstream) this.connectUpstream(link);
      this.flush(link);
    }
  }

  async close(): Promise<void> {
    for (const link of this.links) this.drop(link);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.mode === "cut") {
      client.destroy();
      return;
    }
    const link: Link = { client, upstream: null, toUpstream: [], toClient: [] };
    this.links.add(link);
    client.on("data", (chunk) => {
      link.toUpstream.push(chunk);
      this.flush(link);
    });
    client.on("error", () => this.drop(link));
    client.on("close", () => this.drop(link));
    if (this.mode === "pass") this.connectUpstream(link);
  }

  private connectUpstream(link: Link): void {
    const upstream = tcpConnect(this.target.port, this.target.host);
    link.upstream = upstream;
    upstream.on("data", (chunk) => {
      link.toClient.push(chunk);
      this.flush(link);
    });
    upstream.on("connect", () => this.flush(link));
    upstream.on("error", () => this.drop(link));
    upstream.on("close", () => this.drop(link));
  }

  private flush(link: Link): void {
    if (this.mode !== "pass") return;
    const { upstream, client } = link;
    if (upstream && !upstream.connecting) {
      for (const chunk of link.toUpstream.splice(0)) upstream.write(chunk);
    }
    for (const chunk of link.toClient.splice(0)) client.write(chunk);
  }

  private drop(link: Link): void {
    if (!this.links.delete(link)) return;
    link.client.destroy();
    link.upstream?.destroy();
  }
}

/** A local server that accepts TCP connections and never answers (a black-holed database host). */
export async function blackHole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `db` whose every statement fails while `down` is set, as an unreachable database's would. */
export function failing(db: Database): { db: Database; setDown(down: boolean): void } {
  let down = false;
  const gate = () => {
    if (down) throw new DatabaseUnavailableError("connect ECONNREFUSED (injected fault)");
  };
  const wrap = (q: Queryable): Queryable => ({
    dialect: q.dialect,
    async all<T>(sql: string, params?: Params) {
      gate();
      return q.all<T>(sql, params);
    },
    async run(sql: string, params?: Params) {
      gate();
      return q.run(sql, params);
    },
    async exec(sql: string) {
      gate();
      return q.exec(sql);
    },
  });
  return {
    db: {
      ...wrap(db),
      transaction: (work) => {
        if (down) return Promise.reject(new DatabaseUnavailableError("injected fault"));
        return db.transaction((tx) => work(wrap(tx)));
      },
      ping: async () => !down && db.ping(),
      close: () => db.close(),
    },
    setDown(value) {
      down = value;
    },
  };
}
