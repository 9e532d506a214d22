/**
 * The service's protections in one place (issue 13 item 5): security headers, compression, rate
 * limits on writes, request timeouts and logs without session ids. Placeholder: filled in next.
 */
import type { FastifyInstance } from "fastify";

export interface SecurityOptions {
  /** Off in benchmarks that measure the command path alone. */
  rateLimit?: boolean;
}

export async function registerSecurity(
  _app: FastifyInstance,
  _options: SecurityOptions = {},
): Promise<void> {}
