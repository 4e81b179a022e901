import { Card } from 'antd';
import type { ReactNode } from 'react';
import { Logo } from '../layout/Logo';
import './screens.css';

/** The frame of the screens around signing in: the logo and a centred card. */
export const AuthScreen = ({ children, className }: { children: ReactNode; className?: string }) => (
  <main className="gh-auth-screen">
    <Card className={`gh-auth-card${className ? ` ${className}` : ''}`}>
      <Logo />
      {children}
    </Card>
  </main>
);
