import {
  ANALYTICS_BATCH_MAX,
  STORAGE_KEYS,
  type AnalyticsEvent,
  type AnalyticsEventName,
} from '@lendo/shared';
import { API_BASE } from './api-client';
import { getAccessToken } from './auth-storage';

/**
 * The one way the web app reports page views and key events (DESIGN §5): queued, sent in batches a
 * moment later or when the page is hidden, as the signed-in learner's when there is a token. By
 * default the API keeps them in Lendo's own database. Nothing here may ever bother the learner: a
 * batch that cannot be sent is dropped.
 */
const SEND_AFTER_MS = 2_000;

const queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** A random id this browser keeps (until sign-out clears local storage). */
function visitor(): string {
  let id = localStorage.getItem(STORAGE_KEYS.visitor);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEYS.visitor, id);
  }
  return id;
}

async function post(events: AnalyticsEvent[], token: string | null): Promise<number> {
  const response = await fetch(`${API_BASE}/analytics/events/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ visitor: visitor(), events }),
    // Lets a batch sent as the page goes away arrive.
    keepalive: true,
  });
  return response.status;
}

/** Sends what is queued now. */
export async function flush(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const events = queue.splice(0, ANALYTICS_BATCH_MAX);
  if (events.length === 0) return;
  try {
    const token = getAccessToken();
    // An access token that has just expired: the events are kept as the visitor's.
    if ((await post(events, token)) === 401 && token) await post(events, null);
  } catch {
    // Offline or refused: dropped.
  }
  if (queue.length > 0) await flush();
}

function enqueue(event: AnalyticsEvent) {
  queue.push(event);
  if (queue.length >= ANALYTICS_BATCH_MAX) void flush();
  else timer ??= setTimeout(() => void flush(), SEND_AFTER_MS);
}

/** A key event of the learner's way through Lendo, with a few plain facts about it. */
export function track(
  name: Exclude<AnalyticsEventName, 'page_view'>,
  properties?: Record<string, string | number | boolean>,
) {
  enqueue({ name, properties });
}

/** A page shown: its path only (a query string may carry a token). */
export function pageView(pathname: string) {
  enqueue({ name: 'page_view', path: pathname.slice(0, 300) });
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flush();
  });
}
