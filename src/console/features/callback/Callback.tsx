import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { AuthPending } from '../../screens/AuthPending';
import { SignInError } from '../../screens/SignInError';
import { tenancyShell } from '../../tenancy/shell';

/** `/console/callback`: finishes the sign-in and goes to the page the visitor was on before it. */
export const Callback = () => {
  const { session } = useAuth();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    session.completeSignIn(window.location.href).then(
      (returnTo) => {
        if (cancelled) return;
        // A cloud tenant's page is another router's: loaded, not navigated to.
        const load = tenancyShell.pageLoadFor(returnTo);
        if (load) window.location.replace(load);
        else navigate(returnTo, { replace: true });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [session, navigate]);

  return failed ? <SignInError /> : <AuthPending message="auth.signing_in" />;
};
