import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * react-three-fiber registers `import * as THREE from 'three'` whole as its catalogue of
 * elements, which keeps every class of three.js in the scene's chunk. Its own modules are given
 * `three-catalogue.ts` instead (docs/3d.md, "The scene's code"): what the fiber itself uses and
 * the elements our scenes draw, so the rest of three is left out. Every other module imports
 * three as it is.
 */
export function threeCatalogue(catalogue: string): Plugin {
  return {
    name: 'decor-three-catalogue',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'three' || !importer?.includes(`${path.sep}@react-three${path.sep}fiber${path.sep}`)) return null;
      return catalogue;
    },
  };
}
