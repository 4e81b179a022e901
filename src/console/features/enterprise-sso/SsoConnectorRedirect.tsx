import { Navigate } from 'react-router';

/** A connector opens on its connection tab, as the spec's routes say. */
export const SsoConnectorRedirect = () => <Navigate to="connection" replace />;
