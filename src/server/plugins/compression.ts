import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/**
 * Brotli or gzip for answers above 1 KB (reports, openapi.json), by the client's Accept-Encoding.
 * Brotli at quality 4, not Node's default 11: a JSON answer is made once and read once, so the
 * compression must cost less than the bytes it saves. Answers that are already encoded (the built
 * dashboard's precompressed files, the tracker's cached copies) pass through untouched.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
