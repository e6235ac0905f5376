import * as Popover from "@radix-ui/react-popover";
import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../config/paths";
import { Avatar } from "../ui/avatar";
import { Button, IconButton } from "../ui/button";
import { DropdownMenu, type MenuItem } from "../ui/dropdown-menu";
import { ChevronDownIcon, MenuIcon, MoreIcon } from "../ui/icons";
import { useAfterClose } from "../ui/use-after-close";

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

/**
 * The mobile menu under 992 px (spec 2.8): Dashboard, Connections, Users, Settings, Log Out. A Radix
 * Popover: Escape or a click outside closes it, focus moves into it and back to its button. Settings
 * and Log Out run once it has closed and focus is back on its button (the Settings dialog then gives
 * focus back to that button).
 */
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
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { later, onCloseAutoFocus } = useAfterClose(triggerRef);
  const close = () => setOpen(false);
  const closeThen = (action: () => void) => {
    later(action);
    setOpen(false);
  };
  return (
    <div className="mobile-menu">
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <IconButton ref={triggerRef} label="Mobile menu" icon={<MoreIcon />} />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            asChild
            // The panel is the navigation landmark itself, not a dialog.
            role="navigation"
            align="end"
            sideOffset={8}
            collisionPadding={8}
            onCloseAutoFocus={onCloseAutoFocus}
          >
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
                  <button type="button" className="mobile-menu-item" onClick={() => closeThen(onSettings)}>
                    Settings
                  </button>
                </li>
                <li>
                  <button type="button" className="mobile-menu-item" onClick={() => closeThen(onLogout)}>
                    Log Out
                  </button>
                </li>
              </ul>
            </nav>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
