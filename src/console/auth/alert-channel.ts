/**
 * Lets code outside React (the HTTP layer, the session) show the "forbidden" alert and wait for "Got it". The
 * console's root registers a presenter that renders a themed dialog; without one the browser's own alert is used.
 */
export type AlertPresenter = (message: string) => Promise<void>;

let presenter: AlertPresenter | undefined;

export const setAlertPresenter = (next: AlertPresenter | undefined) => {
  presenter = next;
  return () => {
    if (presenter === next) presenter = undefined;
  };
};

export const showAlert = async (message: string): Promise<void> => {
  if (presenter) return presenter(message);
  globalThis.alert?.(message);
};
