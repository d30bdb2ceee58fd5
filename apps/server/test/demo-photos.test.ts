import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, testDbKind } from './support/test-app.ts';
import { browserHeaders } from './support/identity.ts';
import { addDemoPhotos, drawPhoto } from '../src/db/seed/demo-photos.ts';
import { LocalDiskStorage } from '../src/modules/files/storage.ts';

const { app, db, config } = await createTestApp();

describe(`the demo's drawn product photos (${testDbKind})`, () => {
  it('draws each option in its own colour', () => {
    const pixels = drawPhoto('#5f7f6b', 'plain', 'Zellige – Green');
    expect([...pixels.subarray(0, 3)]).toEqual([0x5f, 0x7f, 0x6b]);
    // The same option always gets the same picture.
    expect(drawPhoto('#a7a6a1', 'stone', 'Concrete').equals(drawPhoto('#a7a6a1', 'stone', 'Concrete'))).toBe(true);
  });

  it('gives every option a public photo with thumbnails, once', async () => {
    const storage = new LocalDiskStorage(path.join(config.dataDir, 'files'));
    const added = await addDemoPhotos({ db, storage, projectKey: 'demo' });
    expect(added).toBeGreaterThan(30);
    expect(await addDemoPhotos({ db, storage, projectKey: 'demo' })).toBe(0);

    const options = (
      await app.inject({ method: 'GET', url: '/api/schema/options/?limit=200', headers: browserHeaders() })
    ).json() as Array<{
      name: string;
      images: string[];
      swatch: { color: string } | null;
    }>;
    const oak = options.find((o) => o.name === 'Engineered Oak – Honey')!;
    expect(oak.images).toHaveLength(1);
    // A visitor may see it (a catalogue photo), as a WebP thumbnail of the option's colour family.
    const thumb = await app.inject({
      method: 'GET',
      url: `/api/files/${oak.images[0]}?thumb=200`,
      headers: browserHeaders(),
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const { width } = await sharp(thumb.rawPayload).metadata();
    expect(width).toBe(200);
    // Options without a swatch get a picture of what they are: a lit pendant is bright in the middle, dark at the edge.
    expect(options.every((o) => o.images.length === 1)).toBe(true);
    const pendant = options.find((o) => o.name === 'Pendant Trio Over Island')!;
    expect(pendant.swatch).toBeNull();
    const photo = await app.inject({
      method: 'GET',
      url: `/api/files/${pendant.images[0]}`,
      headers: browserHeaders(),
    });
    const { data, info } = await sharp(photo.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const brightness = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect(brightness(240, 200)).toBeGreaterThan(brightness(10, 350) + 100);
  });
});
