import { useMemo } from 'react';
import { RepeatWrapping, SRGBColorSpace, type Texture } from 'three';
import type { Finish } from '@decor/core';

/** A finish's texture repeated every `scale` metres over a surface `span` metres across, in its own colours. */
export function RepeatedMaterial({
  loaded,
  finish,
  span,
}: {
  loaded: Texture;
  finish: Finish;
  span: [number, number];
}) {
  const [width, depth] = span;
  const texture = useMemo(() => {
    const copy = loaded.clone();
    copy.wrapS = RepeatWrapping;
    copy.wrapT = RepeatWrapping;
    copy.colorSpace = SRGBColorSpace;
    copy.repeat.set(width / finish.scale, depth / finish.scale);
    copy.needsUpdate = true;
    return copy;
  }, [loaded, width, depth, finish.scale]);
  return (
    <meshStandardMaterial map={texture} roughness={finish.roughness} metalness={finish.metalness} toneMapped={false} />
  );
}
