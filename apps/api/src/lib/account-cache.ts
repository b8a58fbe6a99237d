import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from './clock.ts';
import { lruMap } from './lru.ts';

/** Accounts remembered, at most (the least recently used go first); a few kilobytes each. */
const CAPACITY = 10_000;
const CHANNEL = 'lendo:account-changed';
/** The message that tells every instance to forget every account. */
const EVERYONE = '*';
const PUBLISH_TIMEOUT_MS = 2000;
/** Before a user id in a message: only that learner's views changed. */
const VIEWS = 'views/';

/** An answer and the moment it may change by the clock alone (null: only a write changes it). */
export interface Timed<T> {
  value: T;
  until: Date | null;
}

/** A kept answer and the moment (ms) from which it no longer holds. */
interface Kept<V> {
  value: V;
  until: number;
}

interface Entry<T> {
  /** What decides whether the account's tokens still count (see `access`). */
  access?: unknown;
  profile?: Kept<T>;
  /** Answers of other modules about this learner's own data (their decks), by key. */
  views?: Map<string, Kept<unknown>>;
}

/**
 * A load in flight: a change to its account meanwhile makes its answer unfit to keep, and so does a
 * change to the learner's own data if it loads a view.
 */
interface Ticket {
  stale: boolean;
  view: boolean;
}

export interface AccountCacheOptions {
  clock: Clock;
  log: FastifyBaseLogger;
  /** With Redis, changes are broadcast to every API instance; without, they stay in process. */
  redisUrl?: string;
}

/** Freezes an answer that every caller shares, so none can change it for the others. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * What each request asks of an account — whether its tokens still count, and its profile as
 * GET /auth/me/ shows it — kept in process per user id, so a warm request needs no query.
 * Correctness rests on invalidation, not on a time to live: every write to what is kept calls
 * `invalidate` once it has committed, which drops the account here and, with Redis, on every
 * other instance. A profile also carries the moment the clock alone would change it (a trial or
 * period ending) and is not served from then on. While the Redis subscription is down, changes
 * made elsewhere could be missed, so nothing is kept until it is back.
 */
export function createAccountCache<T>({ clock, log, redisUrl }: AccountCacheOptions) {
  const entries = lruMap<string, Entry<T>>(CAPACITY);
  const loading = new Map<string, Set<Ticket>>();

  function forget(userId: string) {
    entries.delete(userId);
    for (const ticket of loading.get(userId) ?? []) ticket.stale = true;
  }

  /** Drops the learner's views (not the account): their own data changed, not their profile. */
  function forgetViews(userId: string) {
    const entry = entries.get(userId);
    if (entry) entry.views = undefined;
    for (const ticket of loading.get(userId) ?? []) if (ticket.view) ticket.stale = true;
  }

  function forgetAll() {
    entries.clear();
    for (const tickets of loading.values()) for (const ticket of tickets) ticket.stale = true;
  }

  const bus = redisUrl ? invalidationBus({ url: redisUrl, log, forget, forgetViews, forgetAll }) : null;

  /** Runs `load` and keeps its answer with `keep`, unless what it read changed meanwhile. */
  async function loadAndKeep<V>(
    userId: string,
    load: () => Promise<V>,
    keep: (entry: Entry<T>, value: V) => void,
    view = false,
  ) {
    const ticket: Ticket = { stale: bus !== null && !bus.listening(), view };
    const tickets = loading.get(userId) ?? new Set<Ticket>();
    loading.set(userId, tickets.add(ticket));
    try {
      const value = await load();
      if (!ticket.stale) {
        const entry = entries.get(userId) ?? {};
        keep(entry, value);
        entries.set(userId, entry);
      }
      return value;
    } finally {
      tickets.delete(ticket);
      if (tickets.size === 0) loading.delete(userId);
    }
  }

  /** `known` while the clock has not passed its moment; else `load`ed, frozen and kept with `keep`. */
  async function timed<V>(
    userId: string,
    known: Kept<V> | undefined,
    load: () => Promise<Timed<V>>,
    keep: (entry: Entry<T>, kept: Kept<V>) => void,
    view = false,
  ): Promise<V> {
    if (known && clock.now().getTime() < known.until) return known.value;
    const loaded = await loadAndKeep(
      userId,
      async () => {
        const { value, until } = await load();
        return { value: deepFreeze(value), until: until?.getTime() ?? Infinity };
      },
      keep,
      view,
    );
    return loaded.value;
  }

  return {
    /**
     * What decides whether the account's tokens still count (whether it is active, which of its
     * sessions were revoked); `load` asks the database when it is not known. Kept until the
     * account changes (`invalidate`), whatever happens to the learner's own data. Frozen.
     */
    async access<A>(userId: string, load: () => Promise<A>): Promise<A> {
      const known = entries.get(userId)?.access as A | undefined;
      if (known !== undefined) return known;
      return loadAndKeep(
        userId,
        async () => deepFreeze(await load()),
        (entry, access) => {
          entry.access = access;
        },
      );
    },

    /** The account's profile (frozen: it is shared); `load` reads it when unknown or out of date. */
    profile(userId: string, load: () => Promise<Timed<T>>): Promise<T> {
      return timed(userId, entries.get(userId)?.profile, load, (entry, kept) => {
        entry.profile = kept;
      });
    },

    /**
     * An answer about the learner's own data (e.g. their decks with counters), kept like the
     * profile: until `invalidateViews` (or any change to the account) or the moment the clock alone
     * changes it. Frozen, as it is shared.
     */
    view<V>(userId: string, key: string, load: () => Promise<Timed<V>>): Promise<V> {
      const known = entries.get(userId)?.views?.get(key) as Kept<V> | undefined;
      return timed(
        userId,
        known,
        load,
        (entry, kept) => {
          (entry.views ??= new Map()).set(key, kept);
        },
        true,
      );
    },

    /** Forgets the learner's views, here and on every instance; call it after their data changed. */
    async invalidateViews(userId: string): Promise<void> {
      forgetViews(userId);
      await bus?.publish(`${VIEWS}${userId}`);
    },

    /**
     * Forgets what is known of the account, here and on every instance. Call it after a write to
     * the account, its profile or its subscription has committed (before would let a read in
     * between keep the old state). Never throws: a broadcast that fails is logged and made up for.
     */
    async invalidate(userId: string): Promise<void> {
      forget(userId);
      await bus?.publish(userId);
    },

    /** Resolves once every change broadcast before the call has reached this instance (tests). */
    settled: () => bus?.settled() ?? Promise.resolve(),

    close: () => bus?.close() ?? Promise.resolve(),
  };
}
export type AccountCache<T> = ReturnType<typeof createAccountCache<T>>;

/**
 * Changes to accounts as Redis pub/sub messages "<instance id>:<user id>", "<instance id>:views/<user
 * id>" for a learner's views only, or "*" for every account. Each instance drops what it hears from the others; its own changes it dropped already.
 */
function invalidationBus({
  url,
  log,
  forget,
  forgetViews,
  forgetAll,
}: {
  url: string;
  log: FastifyBaseLogger;
  forget: (userId: string) => void;
  forgetViews: (userId: string) => void;
  forgetAll: () => void;
}) {
  const self = randomUUID();
  // A publish fails soon when Redis is away or stuck rather than holding up the write that made it.
  const publisher = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: PUBLISH_TIMEOUT_MS,
  });
  const subscriber = new Redis(url, { autoResubscribe: false });
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);

  let listening = false;
  let subscribed: () => void = () => undefined;
  const firstSubscription = new Promise<void>((resolve) => (subscribed = resolve));
  subscriber.on('ready', () => {
    subscriber.subscribe(CHANNEL).then(
      () => {
        // Whatever changed while no one was listening is unknown: start from nothing.
        forgetAll();
        listening = true;
        subscribed();
      },
      (err: unknown) => log.warn({ err }, 'account cache: could not subscribe to changes'),
    );
  });
  subscriber.on('close', () => {
    listening = false;
    forgetAll();
  });
  subscriber.on('message', (_channel: string, message: string) => {
    if (message === EVERYONE) return forgetAll();
    const split = message.indexOf(':');
    if (message.slice(0, split) === self) return;
    const subject = message.slice(split + 1);
    if (subject.startsWith(VIEWS)) forgetViews(subject.slice(VIEWS.length));
    else forget(subject);
  });

  // A change that could not be told is made up for by the next broadcast (or the reconnection):
  // every instance forgets everything.
  let untold = false;
  async function send(message: string) {
    const everything = untold;
    untold = false;
    try {
      await publisher.publish(CHANNEL, everything ? EVERYONE : message);
    } catch (err) {
      untold = true;
      log.warn({ err }, 'account cache: could not broadcast a change');
    }
  }
  publisher.on('ready', () => {
    if (untold) void send(EVERYONE);
  });

  return {
    listening: () => listening,
    /** `subject`: a user id, or VIEWS and a user id. */
    publish: (subject: string) => send(`${self}:${subject}`),
    async settled() {
      await firstSubscription;
      // Replies come in order on the connection: messages sent before the PING have been handled.
      await subscriber.ping();
    },
    async close() {
      await Promise.all([publisher, subscriber].map((redis) => redis.quit().catch(() => redis.disconnect())));
    },
  };
}
