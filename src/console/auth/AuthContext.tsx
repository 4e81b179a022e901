import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { AccountUser, ConsoleCustomData } from './account-api';
import { getAccountApi, getAuth } from './client';
import { type Identity, identityOf } from './identity';
import type { AuthSession, AuthState } from './session';

export interface AuthContextValue extends AuthState {
  session: AuthSession;
  /** The signed-in user: their account when `GET me` answered, else the ID token's claims. */
  identity: Identity | null;
  signIn: AuthSession['signIn'];
  signOut: () => Promise<void>;
  /** Saves console preferences on the account (spec §3); failures are ignored (the choice is kept locally anyway). */
  savePreferences: (preferences: NonNullable<ConsoleCustomData['adminConsolePreferences']>) => void;
  /** The account as a change of it answered (the profile): the top bar and the rest show it at once. */
  accountChanged: (account: AccountUser) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Starts the session (stored tokens, renewal) and provides it, with the signed-in identity, to the console. */
export const AuthContextProvider = ({
  children,
  session = getAuth(),
}: {
  children: ReactNode;
  session?: AuthSession;
}) => {
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const [account, setAccount] = useState<Awaited<ReturnType<ReturnType<typeof getAccountApi>['getMe']>> | null>(null);

  useEffect(() => {
    void session.start();
  }, [session]);

  const subject = state.status === 'signed-in' ? state.user?.profile.sub : undefined;
  useEffect(() => {
    if (!subject) {
      setAccount(null);
      return;
    }
    let cancelled = false;
    getAccountApi()
      .getMe()
      .then(
        (me) => {
          if (!cancelled && me?.id === subject) setAccount(me);
        },
        () => {
          // The account could not be read: the ID token's claims name the user instead.
        },
      );
    return () => {
      cancelled = true;
    };
  }, [subject]);

  const identity = useMemo(
    () => (subject ? identityOf(account, state.user?.profile) : null),
    [subject, account, state],
  );

  const savePreferences = useCallback<AuthContextValue['savePreferences']>(
    (preferences) => {
      if (!identity) return;
      const merged = { ...identity.customData.adminConsolePreferences, ...preferences };
      getAccountApi()
        .updateCustomData({ adminConsolePreferences: merged })
        .then(
          (customData) => setAccount((current) => (current ? { ...current, customData } : current)),
          () => undefined,
        );
    },
    [identity],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      session,
      identity,
      signIn: (options) => session.signIn(options),
      signOut: () => session.signOut(),
      savePreferences,
      accountChanged: setAccount,
    }),
    [state, session, identity, savePreferences],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
};

/** The console's sign-in state, the signed-in identity, and sign-in/sign-out. */
export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth is used outside AuthContextProvider');
  return value;
};
