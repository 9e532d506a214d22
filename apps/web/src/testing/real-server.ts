/**
 * The real service (apps/server) on a real port of 127.0.0.1 with a throwaway data folder, for the
 * shell's tests that reach it through fetch as the page does. Imported by a computed name: the web's
 * type check knows DOM types only, and no page imports this file.
 */
import { afterAll, beforeAll } from "vitest";

export interface RealServer {
  /** http://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

interface App {
  listen(o: { port: number; host: string }): Promise<string>;
  server: { address(): { port: number } | null };
  close(): Promise<void>;
}

export async function startRealServer(tag: string): Promise<RealServer> {
  const fs = (await import(/* @vite-ignore */ `node:${"fs"}`)) as { mkdtempSync(p: string): string };
  const os = (await import(/* @vite-ignore */ `node:${"os"}`)) as { tmpdir(): string };
  const server = (await import(/* @vite-ignore */ `${"../../../server/src/app"}.ts`)) as {
    buildApp(o: unknown): Promise<App>;
  };
  const app = await server.buildApp({
    dataDir: `${fs.mkdtempSync(`${os.tmpdir()}/ba-web-${tag}-`)}/data`,
    logger: false,
    security: { rateLimit: false },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { base: `http://127.0.0.1:${app.server.address()?.port}`, close: () => app.close() };
}

/**
 * A test file's real server: started before its tests and closed after them. The answer is the API
 * options the page's calls take (its `base` is set once the server listens).
 */
export function realServerForTests(tag: string): { base: string } {
  const options = { base: "" };
  let server: RealServer | undefined;
  beforeAll(async () => {
    server = await startRealServer(tag);
    options.base = server.base;
  });
  afterAll(async () => {
    await server?.close();
  });
  return options;
}
