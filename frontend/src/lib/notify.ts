import toast from "react-hot-toast";

/**
 * User messages: toasts at bottom-right that auto-close after 5000 ms and close on click (spec
 * overview-access-account.md 2.8 and 9). `danger` is the spec's error tone.
 */
export const TOAST_DURATION_MS = 5000;

/**
 * `id`: one toast per id at a time (the same event told twice, e.g. by two channels, shows once).
 */
export const notify = {
  success: (message: string, id?: string) => toast.success(message, { duration: TOAST_DURATION_MS, id }),
  danger: (message: string, id?: string) => toast.error(message, { duration: TOAST_DURATION_MS, id }),
  info: (message: string, id?: string) => toast(message, { duration: TOAST_DURATION_MS, id }),
  dismiss: (id?: string) => toast.dismiss(id),
};
