import { groupHandler } from "../lib/http.ts";
import { changePassword } from "./change-password.ts";
import { currentUser } from "./current-user.ts";
import { digestUnsubscribe, digestUnsubscribePage } from "./digest-unsubscribe.ts";
import { confirmEmail, resendEmailConfirmation } from "./email-confirmation.ts";
import { googleSignInConfig, login, loginWithGoogle } from "./login.ts";
import { changePasswordFromReset, forgotPassword, getUserByToken } from "./password-reset.ts";
import {
  changeUserPreference,
  fireCreateTrackerGuide,
  fireProductTour,
  updateFavouriteTrackers,
  updateNotificationPreferences,
  updateUserName,
  updateUserTableColumns,
} from "./profile.ts";
import { logout, unsubscribeAllEmails } from "./session-end.ts";

export const handlers = {
  login,
  currentUser,
  loginWithGoogle,
  googleSignInConfig,
  forgotPassword,
  getUserByToken,
  changePasswordFromReset,
  changePassword,
  updateUserName,
  updateUserTableColumns,
  updateFavouriteTrackers,
  changeUserPreference,
  fireProductTour,
  fireCreateTrackerGuide,
  updateNotificationPreferences,
  unsubscribeAllEmails,
  digestUnsubscribePage,
  digestUnsubscribe,
  logout,
  confirmEmail,
  resendEmailConfirmation,
};
export const handler = groupHandler("auth", handlers);
