import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const carried = {
  '/api/carts/mine': [{ _id: 'cart-1' }],
  '/api/schema/options/?limit=200': [{ _id: 'o1', name: 'Oak' }],
};

/** A fresh copy of the API client, on a page that carries `answers`. */
async function pageWith(answers: unknown) {
  vi.resetModules();
  document.body.innerHTML = `<script type="application/json" id="page-answers">${typeof answers === 'string' ? answers : JSON.stringify(answers)}</script>`;
  const { api } = await import('./api-client.ts');
  const { forgetPageAnswers } = await import('./page-answers.ts');
  return { api, forgetPageAnswers };
}

describe('the answers a page carries', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ from: 'server' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
  });
  afterEach(() => {
    fetchSpy.mockRestore();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('answers the first GET of exactly that address without a request, once; then the server answers', async () => {
    const { api } = await pageWith(carried);
    expect(await api('/api/carts/mine')).toEqual(carried['/api/carts/mine']);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await api('/api/carts/mine')).toEqual({ from: 'server' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    // Another address, even a near one, is asked of the server.
    expect(await api('/api/schema/options/?limit=50')).toEqual({ from: 'server' });
    expect(await api('/api/schema/options/?limit=200')).toEqual(carried['/api/schema/options/?limit=200']);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('never answers a write, and a write does not use up the answer', async () => {
    const { api } = await pageWith(carried);
    expect(await api('/api/carts/mine', { method: 'POST', body: {} })).toEqual({ from: 'server' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(await api('/api/carts/mine')).toEqual(carried['/api/carts/mine']);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('is forgotten after half a minute, or when someone else signs in', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const late = await pageWith(carried);
    vi.advanceTimersByTime(30_001);
    expect(await late.api('/api/carts/mine')).toEqual({ from: 'server' });

    vi.useRealTimers();
    const other = await pageWith(carried);
    other.forgetPageAnswers();
    expect(await other.api('/api/carts/mine')).toEqual({ from: 'server' });
    expect(await other.api('/api/schema/options/?limit=200')).toEqual({ from: 'server' });
  });

  it('asks the server when the page carries nothing usable', async () => {
    for (const answers of ['not json', '[1,2]', 'null']) {
      const { api } = await pageWith(answers);
      expect(await api('/api/carts/mine')).toEqual({ from: 'server' });
    }
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });
});
