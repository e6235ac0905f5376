import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";
import { paths } from "../../config/paths";
import { Avatar } from "../ui/avatar";
import { Badge } from "../ui/badge";
import { IconButton } from "../ui/button";
import { ActivityIcon, BellIcon, CloseIcon, DashboardIcon, PlugIcon, UsersIcon } from "../ui/icons";
import { MOBILE_MAX_WIDTH } from "./breakpoints";

/** The click threshold below which a nav click closes the overlay sidebar (spec 2.8: 991). */
export const SIDEBAR_CLOSE_MAX_WIDTH = MOBILE_MAX_WIDTH;

export interface SidebarProps {
  open: boolean;
  onClose: () => void;
  /** Connections and Users are hidden for Viewers (spec 2.8). */
  isViewer: boolean;
  /** The red badge on Connections: the number of integration warnings. */
  warningCount: number;
  userName: string;
  accountName: string;
  avatar?: string | undefined;
  /** The user card opens the Account Settings modal. */
  onUserCard: () => void;
  /** The free-trial banner (or nothing). */
  banner?: ReactNode;
}

/**
 * The left sidebar (spec overview-access-account.md 2.8): 273 px above 991 px; below 992 px a
 * closable overlay that closes after a navigation click.
 */
export function Sidebar({
  open,
  onClose,
  isViewer,
  warningCount,
  userName,
  accountName,
  avatar,
  onUserCard,
  banner,
}: SidebarProps) {
  const closeOnSmall = () => {
    if (window.innerWidth <= SIDEBAR_CLOSE_MAX_WIDTH) onClose();
  };
  return (
    <>
      <button
        type="button"
        className={`sidebar-backdrop ${open ? "sidebar-open" : ""}`}
        aria-label="Close menu"
        tabIndex={-1}
        onClick={onClose}
      />
      <aside
        id="sidebar"
        className={`sidebar ${open ? "sidebar-open" : ""}`}
        aria-label="Sidebar"
        hidden={!open}
      >
        <div className="sidebar-top">
          <NavLink to={paths.dashboard} className="brand" onClick={closeOnSmall}>
            Pacer
          </NavLink>
          <IconButton label="Hide" icon={<CloseIcon />} onClick={onClose} />
        </div>
        <nav aria-label="Main navigation">
          <ul>
            <li>
              <NavLink to={paths.dashboard} onClick={closeOnSmall}>
                <DashboardIcon /> Dashboard
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.alerts} onClick={closeOnSmall}>
                <BellIcon /> Alerts
              </NavLink>
            </li>
            {!isViewer && (
              <li>
                <NavLink to={paths.connections} onClick={closeOnSmall}>
                  <PlugIcon /> Connections
                  {warningCount > 0 && (
                    <span className="nav-badge">
                      <Badge
                        tone="danger"
                        label={`${warningCount} connection warning${warningCount === 1 ? "" : "s"}`}
                      >
                        {warningCount}
                      </Badge>
                    </span>
                  )}
                </NavLink>
              </li>
            )}
            {!isViewer && (
              <li>
                <NavLink to={paths.users} onClick={closeOnSmall}>
                  <UsersIcon /> Users
                </NavLink>
              </li>
            )}
            <li>
              <NavLink to={paths.sensorReadings} onClick={closeOnSmall}>
                <ActivityIcon /> Device readings
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="sidebar-bottom">
          {banner}
          <button
            type="button"
            className="user-card"
            onClick={onUserCard}
            aria-label={`Account settings: ${userName}, ${accountName}`}
          >
            <Avatar src={avatar} name={userName} size={38} />
            <span className="user-card-text">
              <span className="user-card-name">{userName}</span>
              <span className="user-card-account">{accountName}</span>
            </span>
          </button>
        </div>
      </aside>
    </>
  );
}
