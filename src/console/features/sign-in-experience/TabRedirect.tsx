import { Navigate, useLocation } from 'react-router';

/** The first tab of a page of tabs (spec: sign-in experience opens branding, security the password policy). */
const firstTabs: Record<string, string> = {
  '/sign-in-experience': 'branding',
  '/security': 'password-policy',
};

export const TabRedirect = () => {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, '');
  return <Navigate to={`${path}/${firstTabs[path] ?? ''}`} replace />;
};
