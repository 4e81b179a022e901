export { AlertHost } from './AlertHost';
export { AuthContextProvider, useAuth } from './AuthContext';
export { createAuthProvider } from './auth-provider';
export { getAccountApi, getAuth } from './client';
export { RequireAuth } from './RequireAuth';
