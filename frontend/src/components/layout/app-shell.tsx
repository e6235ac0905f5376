import { type ReactNode, useEffect, useState } from "react";
import type { MenuItem } from "../ui/dropdown-menu";
import { MOBILE_QUERY } from "./breakpoints";
import { EmailConfirmationNotice } from "./email-confirmation-banner";
import { SIDEBAR_CLOSE_MAX_WIDTH, Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

export interface AppShellProps {
  userName: string;
  accountName: string;
  avatar?: string | undefined;
  isViewer: boolean;
  warningCount: number;
  menuItems: readonly MenuItem[];
  onOpenSettings: () => void;
  onLogout: () => void;
  banner?: ReactNode;
  children: ReactNode;
}

const startsOpen = () => typeof window === "undefined" || window.innerWidth > SIDEBAR_CLOSE_MAX_WIDTH;

/**
 * The authenticated shell (spec overview-access-account.md 2.8): sidebar, top bar with the user
 * menu and the mobile menu, and the page content.
 */
export function AppShell({
  userName,
  accountName,
  avatar,
  isViewer,
  warningCount,
  menuItems,
  onOpenSettings,
  onLogout,
  banner,
  children,
}: AppShellProps) {
  const [sidebarOpen, setSidebarOpen] = useState(startsOpen);
  // Crossing the breakpoint: the overlay starts closed below 992 px, the sidebar open above.
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setSidebarOpen(!query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return (
    <div className="shell">
      <Sidebar
        open={sidebarOpen}
        onClose={() => setSidebarOpen(false)}
        isViewer={isViewer}
        warningCount={warningCount}
        userName={userName}
        accountName={accountName}
        avatar={avatar}
        onUserCard={() => {
          if (window.innerWidth <= SIDEBAR_CLOSE_MAX_WIDTH) setSidebarOpen(false);
          onOpenSettings();
        }}
        banner={banner}
      />
      <div className="main-column">
        <TopBar
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setSidebarOpen(true)}
          userName={userName}
          avatar={avatar}
          menuItems={menuItems}
          isViewer={isViewer}
          onSettings={onOpenSettings}
          onLogout={onLogout}
        />
        <main className="content" id="main">
          <EmailConfirmationNotice />
          {children}
        </main>
      </div>
    </div>
  );
}
