/**
 * The entry module: the nonce stamp for style elements and the console's own styles, then the application, imported
 * dynamically so the document is parsed (DOMContentLoaded) without waiting for it to run. The build names the
 * application's chunks in the HTML shell, so they download beside this module rather than after it.
 */
import './csp';
import './styles/layout.css';
import './styles/pages.css';
import './styles/forms.css';
import './styles/dialogs.css';
import './styles/adjustments.css';

void import('./boot');
