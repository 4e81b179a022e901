import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { welcomeLinks } from '../features/welcome';
import { AuthPending } from '../screens/AuthPending';
import { SignInError } from '../screens/SignInError';
import { consolePathFromRouter } from '../tenancy/location';
import { useAuth } from './AuthContext';
import { fetchFirstRun } from './account-api';
import { rememberPendingReturn, wantsSignUp } from './redirect-memory';

/**
 * Every console route but the callback and the welcome screen needs a signed-in user (spec §2). A signed-out
 * visitor is sent to sign-in and comes back to this very page (path, query and hash); on the first run (no
 * account exists yet) they see the welcome screen instead.
 */
export const RequireAuth = () => {
  const { status, signIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const page = consolePathFromRouter(`${location.pathname}${location.search}${location.hash}`);
  const signUp = wantsSignUp(location);

  useEffect(() => {
    if (status !== 'signed-out') return;
    let cancelled = false;
    void fetchFirstRun().then((firstRun) => {
      if (cancelled) return;
      if (firstRun) {
        rememberPendingReturn(page);
        navigate(welcomeLinks.root(), { replace: true });
      } else {
        void signIn({ returnTo: page, signUp });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [status, page, signUp, signIn, navigate]);

  if (status === 'signed-in') return <Outlet />;
  if (status === 'failed') return <SignInError />;
  return <AuthPending message={status === 'loading' ? undefined : 'auth.redirecting'} />;
};
