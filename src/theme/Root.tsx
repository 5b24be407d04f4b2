import React, { type ReactNode } from 'react';
import { AuthProvider } from '@site/src/auth/AuthProvider';
import { GateProvider } from '@site/src/guide-gate/GateProvider';

// Root is the theme's documented place for app-wide providers; it wraps every route, including
// /login/callback, so sign-in state and the gate are shared by the navbar, pages and search.
export default function Root({ children }: { children: ReactNode }): ReactNode {
  return (
    <AuthProvider>
      <GateProvider>{children}</GateProvider>
    </AuthProvider>
  );
}
