import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as catalogue from './three-catalogue.ts';

/** The web app's modules that draw with react-three-fiber. */
function sceneModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sceneModules(file);
    return entry.name.endsWith('.tsx') && fs.readFileSync(file, 'utf8').includes('@react-three/') ? [file] : [];
  });
}

/** Lower-case JSX tags that are TypeScript's words in a generic (`Promise<void>`), not elements. */
const TYPE_WORDS = new Set(['void', 'typeof', 'string', 'number', 'boolean', 'unknown', 'null', 'undefined', 'never']);

describe('the part of three.js the scenes see (three-catalogue.ts)', () => {
  it('holds every three.js element a scene draws', () => {
    const files = sceneModules(path.resolve(import.meta.dirname, '../..'));
    expect(files.map((file) => path.basename(file))).toContain('room-scene.tsx');
    const drawn = new Set(
      files.flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/<([a-z][A-Za-z]*)[\s/>]/g)]
          .map((match) => match[1]!)
          .filter((tag) => !TYPE_WORDS.has(tag)),
      ),
    );
    expect([...drawn]).toContain('meshStandardMaterial');
    const missing = [...drawn].filter((tag) => !(`${tag[0]!.toUpperCase()}${tag.slice(1)}` in catalogue));
    expect(missing).toEqual([]);
  });
});
