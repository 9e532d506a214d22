/** The PostgreSQL harness itself: a real server starts, serves separate databases, and goes away. */
import { createServer } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";

if (postgresSkipReason !== undefined) console.warn(`PostgreSQL tests skipped: ${postgresSkipReason}`);

async function query(url: string, sql: string): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

describe.skipIf(postgresSkipReason !== undefined)("PostgreSQL test harness", () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("starts a real server on 127.0.0.1 that answers as the postgres role", async () => {
    const url = new URL(server.url);
    expect(url.protocol).toBe("postgres:");
    expect(url.hostname).toBe("127.0.0.1");
    expect(url.username).toBe("postgres");
    const [row] = await query(server.url, "SELECT version() AS version, current_user AS role");
    expect(row?.version).toMatch(/^PostgreSQL \d+/);
    expect(row?.role).toBe("postgres");
  });

  it("runs with the fast test settings and room for many clients", async () => {
    const rows = await query(
      server.url,
      "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'max_connections', 'listen_addresses')",
    );
    const settings = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
    expect(settings).toEqual({ fsync: "off", max_connections: "200", listen_addresses: "127.0.0.1" });
  });

  it("gives each caller its own empty database", async () => {
    const first = await freshDatabase(server);
    const second = await freshDatabase(server, "harness_named");
    expect(first).not.toBe(second);
    expect(new URL(second).pathname).toBe("/harness_named");
    await query(first, "CREATE TABLE marks (n INTEGER); INSERT INTO marks VALUES (1)");
    expect(await query(first, "SELECT n FROM marks")).toEqual([{ n: 1 }]);
    const tables = await query(second, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    expect(tables).toEqual([]);
    expect((await query(second, "SELECT current_database() AS db"))[0]?.db).toBe("harness_named");
  });

  it("refuses a database name that is not plain", async () => {
    await expect(freshDatabase(server, 'x"; DROP DATABASE postgres; --')).rejects.toThrow(
      /plain database name/,
    );
  });

  it("stop shuts the server down and frees its port", async () => {
    const other = await startPostgres();
    const port = Number(new URL(other.url).port);
    expect(await canListen(port)).toBe(false);
    await other.stop();
    await expect(query(other.url, "SELECT 1")).rejects.toThrow(/ECONNREFUSED/);
    expect(await canListen(port)).toBe(true);
    await other.stop(); // a second stop is harmless
  });
});
