/**
 * Compression of text answers (docs/service.md "Protections"): br or gzip, as the client asks, over
 * 1 KiB. Request bodies are never decompressed: a compressed body could unpack past the body limit.
 * Tests: test/security.test.ts "compression".
 */
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    globalDecompression: false,
  });
}
