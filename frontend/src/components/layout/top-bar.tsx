import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../config/paths";
import { Avatar } from "../ui/avatar";
import { Button, IconButton } from "../ui/button";
import { DropdownMenu, type MenuItem } from "../ui/dropdown-menu";
import { ChevronDownIcon, MenuIcon, MoreIcon } from "../ui/icons";

export interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  userName: string;
  avatar?: string | undefined;
  /** The top-right user menu's entries (already gated by role, spec 2.8). */
  menuItems: readonly MenuItem[];
  isViewer: boolean;
  onSettings: () => void;
  onLogout: () => void;
}

/** The top bar: Menu toggle, the mobile menu (under 992 px) and the top-right user menu. */
export function TopBar({
  sidebarOpen,
  onToggleSidebar,
  userName,
  avatar,
  menuItems,
  isViewer,
  onSettings,
  onLogout,
}: TopBarProps) {
  return (
    <header className="topbar">
      {!sidebarOpen && (
        <Button
          variant="ghost"
          icon={<MenuIcon />}
          onClick={onToggleSidebar}
          aria-controls="sidebar"
          aria-expanded={false}
          className="topbar-menu-button"
        >
          Menu
        </Button>
      )}
      <MobileMenu isViewer={isViewer} onSettings={onSettings} onLogout={onLogout} />
      <DropdownMenu
        label="User menu"
        items={menuItems}
        triggerClassName="user-menu-trigger"
        trigger={
          <>
            <Avatar src={avatar} name={userName} size={30} />
            <span>{userName}</span>
            <ChevronDownIcon />
          </>
        }
      />
    </header>
  );
}

/** The mobile menu under 992 px (spec 2.8): Dashboard, Connections, Users, Settings, Log Out. */
function MobileMenu({
  isViewer,
  onSettings,
  onLogout,
}: {
  isViewer: boolean;
  onSettings: () => void;
  onLogout: () => void;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div className="mobile-menu" ref={ref}>
      <IconButton
        label="Mobile menu"
        icon={<MoreIcon />}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen((o) => !o)}
      />
      {open && (
        <nav id="mobile-menu" className="mobile-menu-panel" aria-label="Mobile menu">
          <ul className="mobile-menu-list">
            <li>
              <Link className="mobile-menu-item" to={paths.dashboard} onClick={close}>
                Dashboard
              </Link>
            </li>
            {!isViewer && (
              <li>
                <Link className="mobile-menu-item" to={paths.connections} onClick={close}>
                  Connections
                </Link>
              </li>
            )}
            {!isViewer && (
              <li>
                <Link className="mobile-menu-item" to={paths.users} onClick={close}>
                  Users
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                className="mobile-menu-item"
                onClick={() => {
                  close();
                  onSettings();
                }}
              >
                Settings
              </button>
            </li>
            <li>
              <button
                type="button"
                className="mobile-menu-item"
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                Log Out
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
