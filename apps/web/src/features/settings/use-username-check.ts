import { USERNAME_CHECK_DEBOUNCE_MS, usernameSchema } from '@lendo/shared';
import { useCallback, useEffect, useState } from 'react';
import { checkUsername } from './api/check-username';

const NOT_AVAILABLE = 'profile.err-change-username';

/**
 * Where a username change stands (SPEC §4): `editing` while the name is typed, breaks a rule, is
 * the current one or is being checked; `accepted` when the check found it free; `declined` when the
 * check or the save failed, with the reason as a translation key.
 */
export type UsernameCheck =
  | { status: 'editing'; ruleError: string | null; checking: boolean }
  | { status: 'accepted' }
  | { status: 'declined'; code: string };

interface Verdict {
  username: string;
  accepted: boolean;
  code?: string;
}

/** The first rule `username` breaks (SPEC §5), as a translation key. */
function ruleErrorOf(username: string): string | null {
  const parsed = usernameSchema.safeParse(username);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * Checks `username` with the API once typing has stopped for 500 ms. A verdict counts only for the
 * name it was given for, so a late answer about an older name changes nothing.
 */
export function useUsernameCheck(username: string, current: string) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const ruleError = ruleErrorOf(username);
  const checkable = !ruleError && username !== current;

  useEffect(() => {
    if (!checkable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setChecking(username);
      checkUsername(username, controller.signal).then(
        ({ available, code }) =>
          setVerdict({
            username,
            accepted: available,
            code: available ? undefined : (code ?? NOT_AVAILABLE),
          }),
        () => {
          if (!controller.signal.aborted) setVerdict({ username, accepted: false, code: NOT_AVAILABLE });
        },
      );
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [checkable, username]);

  /** A failed save declines the name it was for. */
  const decline = useCallback((name: string, code: string) => {
    setVerdict({ username: name, accepted: false, code });
  }, []);

  let state: UsernameCheck;
  if (checkable && verdict?.username === username) {
    state = verdict.accepted
      ? { status: 'accepted' }
      : { status: 'declined', code: verdict.code ?? NOT_AVAILABLE };
  } else {
    state = { status: 'editing', ruleError, checking: checkable && checking === username };
  }
  return { state, decline };
}
