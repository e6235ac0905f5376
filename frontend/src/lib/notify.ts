import toast from "react-hot-toast";

/**
 * User messages: toasts at bottom-right that auto-close after 5000 ms and close on click (spec
 * overview-access-account.md 2.8 and 9). `danger` is the spec's error tone.
 */
export const TOAST_DURATION_MS = 5000;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION_MS }),
  danger: (message: string) => toast.error(message, { duration: TOAST_DURATION_MS }),
  info: (message: string) => toast(message, { duration: TOAST_DURATION_MS }),
  dismiss: (id?: string) => toast.dismiss(id),
};
