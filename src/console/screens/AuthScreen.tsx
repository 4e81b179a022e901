import type { ReactNode } from 'react';
import { Logo } from '../layout/Logo';
import './screens.css';

/**
 * The frame of the screens around signing in: the logo and a centred card (drawn by the stylesheet, so the first
 * load does not carry antd's card and its tabs).
 */
export const AuthScreen = ({ children, className }: { children: ReactNode; className?: string }) => (
  <main className="gh-auth-screen">
    <section className={`gh-auth-card${className ? ` ${className}` : ''}`}>
      <Logo />
      {children}
    </section>
  </main>
);
