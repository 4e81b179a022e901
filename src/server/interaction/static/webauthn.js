/*
 * The passkey step of the sign-in pages (the only script they load, on the WebAuthn pages alone). The page holds
 * the options in <script type="application/json" id="webauthn-options"> and a form marked `data-webauthn`
 * ("register" or "authenticate") with a hidden `response` field. Pressing the button asks the browser for a
 * credential (SimpleWebAuthn's browser bundle, loaded before this file), writes its JSON into the field and submits
 * the form. On an error or a cancel the page's own texts (data attributes of the form) say so and the button offers
 * to try again. Without this script the form posts an empty response, which the server refuses with a message.
 */
(() => {
  const form = document.querySelector('form[data-webauthn]');
  const optionsElement = document.getElementById('webauthn-options');
  if (!form || !optionsElement) return;
  const field = form.querySelector('input[name="response"]');
  const button = form.querySelector('button[type="submit"]');
  const message = document.getElementById('webauthn-message');
  const library = window.SimpleWebAuthnBrowser;
  const texts = form.dataset;

  const show = (text) => {
    if (!message) return;
    message.textContent = text;
    message.hidden = false;
  };

  if (!library?.browserSupportsWebAuthn()) {
    show(texts.unsupported);
    if (button) button.disabled = true;
    return;
  }

  let running = false;
  const run = async () => {
    running = true;
    if (button) button.disabled = true;
    if (message) message.hidden = true;
    try {
      const optionsJSON = JSON.parse(optionsElement.textContent || '{}');
      const result =
        texts.webauthn === 'register'
          ? await library.startRegistration({ optionsJSON })
          : await library.startAuthentication({ optionsJSON });
      field.value = JSON.stringify(result);
      form.submit();
    } catch (error) {
      running = false;
      const cancelled = error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
      show(cancelled ? texts.cancelled : texts.failed);
      if (button) {
        button.disabled = false;
        button.textContent = texts.retry;
      }
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!running) run();
  });
})();
