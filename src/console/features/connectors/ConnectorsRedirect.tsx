import { Navigate } from 'react-router';

/** The connectors index opens the passwordless tab, as the spec's routes say. */
export const ConnectorsRedirect = () => <Navigate to="passwordless" replace />;
