import { productName } from './config';

export const Logo = () => (
  <span className="gh-logo">
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#6139F6" />
      <path d="M9 24V12l7-5 7 5v12h-5v-7h-4v7z" fill="#fff" />
    </svg>
    <span className="gh-logo-text">{productName}</span>
  </span>
);
