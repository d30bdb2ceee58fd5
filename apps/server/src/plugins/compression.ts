import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/**
 * The types worth compressing: JSON, HTML, CSV and other text, scripts, SVG and XML. Never a
 * live stream (`text/event-stream` must reach the browser event by event) nor a file's bytes
 * of an unknown type (`application/octet-stream`: usually compressed already).
 */
export const COMPRESSIBLE_TYPE = /^text\/(?!event-stream)|[/+]json(?:;|$)|\/(?:javascript|xml|svg\+xml)(?:;|$)/;

/**
 * Answers compressed for the clients that accept it (brotli, else gzip) above 1 KB: the
 * catalogue a buyer's first page reads is 44 KB of JSON and 6 KB compressed
 * (docs/decisions/025-first-paint.md). Built assets are compressed at build time and
 * sent as they are; ranges (206) and request bodies are never touched.
 */
export const compressionPlugin = fp(async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPE,
    // Brotli's quality 4 costs about what gzip 6 does and compresses JSON better.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
});
