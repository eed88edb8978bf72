import { randomUUID } from 'node:crypto';
import type { ChannelMessage, NotifyChannel } from './notify-channel.js';

/** A notice's word for every key of a kind (never a member's id, which is a uuid). */
export const EVERYONE = 'everyone';

/** How long a write's answer waits to hear its own notices before forgetting everything. */
const HEARD_TIMEOUT_MS = 2_000;

/**
 * What a database trigger says when something a server keeps changed: `{kept, of}` for one key
 * (a member's id), `{kept, all: true}` for every key. `kept` is the kind, named by whoever keeps it
 * (the triggers of migrations 0018, 0019 and 0022 are their authors' declarations).
 */
type KeptChanged = { kept: string; of?: string; all?: true };

const isKeptChanged = (message: ChannelMessage): message is KeptChanged =>
  typeof message.kept === 'string' && (typeof message.of === 'string' || message.all === true);

export type KeptNotices = {
  /**
   * Calls `forget` with a key whenever the triggers say what is kept of that `kind` under it
   * changed, with EVERYONE when anything of that kind may have changed, and with EVERYONE when
   * this server stops hearing (what is announced meanwhile never reaches it).
   */
  onChanged: (kind: string, forget: (key: string) => void) => void;
  /** Calls `listener` with true whenever this server starts hearing notices, false when it stops. */
  onHearing: (listener: (hearing: boolean) => void) => void;
  /** Whether this server hears notices now: what it keeps is true only while it does. */
  hearing: () => boolean;
  /**
   * Resolves once this server has heard every notice of every change committed before the call
   * (a marker sent after them arrives after them: PostgreSQL delivers notices in commit order).
   * A write's answer awaits it, so its author's next read here already sees what the write
   * changed, whatever kept it. When the marker does not come back in time, or this server does
   * not hear at all, everything kept is forgotten instead.
   */
  heard: () => Promise<void>;
  /** Listens from now on, so that what is kept can be trusted. */
  keepListening: () => void;
};

/** The notices that keep each server's kept answers true (server/infra/kept-answers.ts). */
export function createKeptNotices(
  channel: NotifyChannel,
  options: { heardTimeoutMs?: number } = {},
): KeptNotices {
  const heardTimeoutMs = options.heardTimeoutMs ?? HEARD_TIMEOUT_MS;
  const forgetters: Array<{ kind: string; forget: (key: string) => void }> = [];
  const markers = new Map<string, () => void>();

  const forgetEverything = () => {
    for (const { forget } of forgetters) forget(EVERYONE);
  };

  channel.onMessage((message) => {
    if (typeof message.heard === 'string') {
      markers.get(message.heard)?.();
      return;
    }
    if (!isKeptChanged(message)) return;
    const key = message.all ? EVERYONE : (message.of as string);
    for (const { kind, forget } of forgetters) if (kind === message.kept) forget(key);
  });
  channel.onLink((listening) => {
    if (!listening) forgetEverything();
  });

  return {
    onChanged(kind, forget) {
      forgetters.push({ kind, forget });
    },

    onHearing(listener) {
      channel.onLink((listening) => listener(listening));
    },

    hearing: channel.isListening,

    async heard() {
      if (forgetters.length === 0) return;
      if (!channel.isListening()) return forgetEverything();
      const marker = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<boolean>((resolve) => {
        markers.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), heardTimeoutMs);
      });
      const sent = await channel.send({ heard: marker });
      const arrived = sent && (await back);
      clearTimeout(timer);
      markers.delete(marker);
      if (!arrived) forgetEverything();
    },

    keepListening: channel.keepListening,
  };
}
