/**
 * The thread that compresses an image for the GPU (docs/3d.md, "Textures"): Basis Universal's
 * encoder is WebAssembly that holds its thread for a few hundred milliseconds an image, so it
 * runs here (lib/thread-runner.ts). It takes the image's pixels, already 512 × 512 RGBA, and
 * answers the KTX2 file: ETC1S with every mipmap level, in sRGB.
 */
import { encodeToKTX2 } from 'ktx2-encoder';
import { serveThread } from '../../lib/thread-serve.ts';

serveThread(async ({ rgba, width, height }: { rgba: Uint8Array; width: number; height: number }) =>
  encodeToKTX2(rgba, {
    // The pixels are decoded already (sharp, on the main thread's pool).
    imageDecoder: async () => ({ data: rgba, width, height }),
    isUASTC: false,
    qualityLevel: 128,
    compressionLevel: 2,
    generateMipmap: true,
    isSetKTX2SRGBTransferFunc: true,
    // The GPU reads a compressed texture's rows as stored: flipped here, it lies as the image does.
    isYFlip: true,
  }),
);
