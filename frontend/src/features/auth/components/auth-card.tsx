import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../../config/paths";

/** The frame of the public pages: brand, card, copyright footer. */
export function AuthCard({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) {
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby={labelledBy}>
        <Link to={paths.login} className="auth-brand">
          Pacer
        </Link>
        {children}
        <footer className="auth-footer">© {new Date().getFullYear()} Pacer. All rights reserved.</footer>
      </section>
    </main>
  );
}
