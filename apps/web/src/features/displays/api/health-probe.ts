import type { DisplayHealth } from '@decor/core';

/**
 * What a screen measures of itself for its health report (docs/displays.md, "Health"): frames
 * drawn in the last 30 s (rate and the 99th percentile of frame times), its renderer, memory,
 * uptime, build and size.
 */
export function healthProbe() {
  const started = performance.now();
  let frames: number[] = [];
  let last = performance.now();
  let handle = requestAnimationFrame(function tick(now) {
    frames.push(now - last);
    last = now;
    if (frames.length > 4_000) frames = frames.slice(-2_000);
    handle = requestAnimationFrame(tick);
  });
  return {
    report(rttMs: number): DisplayHealth {
      const spent = frames.reduce((sum, ms) => sum + ms, 0);
      const sorted = [...frames].sort((a, b) => a - b);
      const p99 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! : null;
      frames = [];
      const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
      return {
        build: __BUILD_ID__,
        renderer: rendererName(),
        fps: spent > 0 ? Math.round((sorted.length * 1000 * 10) / spent) / 10 : null,
        frameP99Ms: p99 === null ? null : Math.round(p99 * 10) / 10,
        rttMs: Math.round(rttMs * 10) / 10,
        memoryMb: memory ? Math.round(memory.usedJSHeapSize / 1e5) / 10 : null,
        uptimeS: Math.round((performance.now() - started) / 1000),
        width: window.innerWidth,
        height: window.innerHeight,
      };
    },
    stop: () => cancelAnimationFrame(handle),
  };
}

let renderer: string | null | undefined;
/** The GPU (or software renderer) WebGL draws with, as the browser names it. */
export function rendererName(): string | null {
  if (renderer !== undefined) return renderer;
  try {
    const gl =
      document.createElement('canvas').getContext('webgl2') ?? document.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    renderer = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)).slice(0, 200) : null;
  } catch {
    renderer = null;
  }
  return renderer;
}
