import type { WebSocket } from 'ws';
import { DISPLAY_MESSAGE_MAX_BYTES, LOOK_INTERVAL_MS, type DisplayPush } from '@decor/core';
import type { DisplayBus, Envelope } from './displays.bus.ts';

/**
 * The screens and phones connected to this process, and the one way to reach either
 * (docs/displays.md, "Several servers"): in memory when the peer is here, otherwise through
 * the bus to the process that holds it.
 */

/** A screen's or a phone's socket. `refresh` is how a screen learns what it shows (it reads the database with its own key). */
export interface Peer {
  socket: WebSocket;
  refresh?: () => Promise<void>;
  /** What could not be sent yet because the peer is slow, one per kind of push (the newest wins): memory stays bounded. */
  waiting?: Map<string, DisplayPush>;
  retry?: NodeJS.Timeout | undefined;
}

/** A socket holding more than this unsent is slow: what it is sent waits (newest wins) instead of piling up. */
const SLOW_BYTES = DISPLAY_MESSAGE_MAX_BYTES * 4;
/** Why a pairing's end closes the phone's socket. */
export const CLOSE_PAIRING_ENDED = 4000;

export class DisplayRelay {
  private readonly peers = {
    screen: new Map<string, Set<Peer>>(),
    phone: new Map<string, Set<Peer>>(),
    probe: new Map<string, Set<Peer>>(),
  };
  private readonly lookTimers = new Map<string, { push: DisplayPush; timer: NodeJS.Timeout }>();
  private readonly lastLook = new Map<string, number>();
  private readonly unsubscribe: () => void;

  constructor(readonly bus: DisplayBus) {
    this.unsubscribe = bus.subscribe((envelope) => this.deliverHere(envelope));
  }

  /** Connects a screen's or a phone's socket; the returned function disconnects it. */
  attach(kind: 'screen' | 'phone' | 'probe', display: string, peer: Peer): () => void {
    const set = this.peers[kind].get(display) ?? new Set();
    this.peers[kind].set(display, set.add(peer));
    return () => {
      clearTimeout(peer.retry);
      set.delete(peer);
      if (set.size === 0) this.peers[kind].delete(display);
    };
  }

  isHere(kind: 'screen' | 'phone', display: string): boolean {
    return this.peers[kind].has(display);
  }

  /** Sends to a display's screen or phone, wherever it is connected. */
  send(envelope: Envelope): void {
    if (!this.deliverHere(envelope)) this.bus.publish(envelope);
  }

  /**
   * A phone's look for its screen: at most one per screen every 50 ms, the newest winning, so
   * a phone that sends faster adds no traffic between servers.
   */
  look(display: string, push: DisplayPush): void {
    const pending = this.lookTimers.get(display);
    if (pending) return void (pending.push = push);
    const wait = (this.lastLook.get(display) ?? -Infinity) + LOOK_INTERVAL_MS - performance.now();
    if (wait <= 0) return this.sendLook(display, push);
    const timer = setTimeout(() => {
      const entry = this.lookTimers.get(display);
      this.lookTimers.delete(display);
      if (entry) this.sendLook(display, entry.push);
    }, wait);
    this.lookTimers.set(display, { push, timer });
  }

  private sendLook(display: string, push: DisplayPush) {
    this.lastLook.set(display, performance.now());
    this.send({ to: 'screen', display, push });
  }

  /** Forgets a display's throttle (its pairing ended). */
  forget(display: string): void {
    clearTimeout(this.lookTimers.get(display)?.timer);
    this.lookTimers.delete(display);
    this.lastLook.delete(display);
  }

  /** Delivers to the peers connected here; false when there are none. */
  private deliverHere(envelope: Envelope): boolean {
    const peers = this.peers[envelope.to].get(envelope.display);
    if (!peers?.size) return false;
    for (const peer of peers) {
      if ('refresh' in envelope) void peer.refresh?.();
      else {
        sendTo(peer, envelope.push);
        if (envelope.to === 'phone' && envelope.push.type === 'ended')
          peer.socket.close(CLOSE_PAIRING_ENDED, 'pairing ended');
      }
    }
    return true;
  }

  /** How many screens and phones are connected here. */
  counts() {
    return { screens: this.peers.screen.size, phones: this.peers.phone.size, probes: this.peers.probe.size };
  }

  close(): void {
    this.unsubscribe();
    for (const { timer } of this.lookTimers.values()) clearTimeout(timer);
    this.lookTimers.clear();
  }
}

/**
 * Sends a push to one peer. A peer too slow to take it is not buffered for: the push waits in
 * its slot (one per kind, newest wins) and goes when the socket has room.
 */
export function sendTo(peer: Peer, push: DisplayPush): void {
  if (peer.socket.readyState !== peer.socket.OPEN) return;
  if (peer.socket.bufferedAmount <= SLOW_BYTES && !peer.waiting?.size)
    return void peer.socket.send(JSON.stringify(push));
  (peer.waiting ??= new Map()).set(push.type, push);
  peer.retry ??= setTimeout(() => {
    peer.retry = undefined;
    const waiting = [...(peer.waiting?.values() ?? [])];
    peer.waiting?.clear();
    for (const next of waiting) sendTo(peer, next);
  }, 100);
}
