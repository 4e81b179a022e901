import { isRouteErrorResponse, useRouteError } from 'react-router';
import { i18n } from '../i18n';

/** Last-resort error page (outside the themed providers): title, message, expandable stack and Retry. */
export const RouteError = () => {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <div className="gh-fatal" role="alert">
      <h1>{i18n.t('errors.page.title')}</h1>
      <p>{message}</p>
      {stack && (
        <details>
          <summary>{i18n.t('errors.page.details')}</summary>
          <pre>{stack}</pre>
        </details>
      )}
      <button type="button" onClick={() => window.location.reload()}>
        {i18n.t('actions.retry')}
      </button>
    </div>
  );
};
